export interface SqlQuery {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** What the adapter needs from a PostgreSQL-speaking engine. */
export interface SqlExecutor extends SqlQuery {
  transaction<T>(fn: (tx: SqlQuery) => Promise<T>): Promise<T>;
}
