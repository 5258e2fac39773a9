import { StatementPage } from '../../features/payouts/components/statement-page';

/** /performer/statement?week=YYYY-MM-DD: a weekly statement to print (query parameter, as every route here). */
export default function PerformerStatementRoute() {
  return <StatementPage />;
}
