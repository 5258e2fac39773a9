/**
 * The filters projections and queries use most (equality and comparisons on scalar fields) decided
 * in plain code: compiling a mingo Query for each call costs more than the rest of the write. A
 * filter outside that subset compiles to undefined, and a document the plain code cannot judge
 * (an array, a subdocument or a date where a scalar was expected) gets `undefined`, so the caller
 * asks mingo: the answer is always mingo's (readmodels.contract.ts and simple-filter.spec.ts).
 */
export type Scalar = string | number | boolean | null;
/** true / false, or undefined when mingo must decide for this document */
export type SimplePredicate = (doc: Record<string, unknown>) => boolean | undefined;

type Condition = (value: Scalar | undefined) => boolean;

const MISSING = undefined;

export function isScalar(value: unknown): value is Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  return typeof value === 'number' && !Number.isNaN(value);
}

/** The value at a dotted path when only plain objects lie on the way: a scalar, MISSING, or 'complex'. */
export function scalarAt(doc: Record<string, unknown>, path: readonly string[]): Scalar | undefined | 'complex' {
  let current: unknown = doc;
  for (const segment of path) {
    if (current === null || current === undefined) return MISSING;
    if (Array.isArray(current)) return 'complex';
    if (typeof current !== 'object') return MISSING;
    if (!isPlainRecord(current)) return 'complex';
    current = current[segment];
  }
  if (current === undefined) return MISSING;
  return isScalar(current) ? current : 'complex';
}

export function compileSimpleFilter(filter: Record<string, unknown>): SimplePredicate | undefined {
  const fields: { path: string[]; conditions: Condition[] }[] = [];
  for (const [key, expression] of Object.entries(filter)) {
    if (key.startsWith('$') || key.split('.').some((segment) => segment === '' || segment.startsWith('$')))
      return undefined;
    const conditions = compileExpression(expression);
    if (!conditions) return undefined;
    fields.push({ path: key.split('.'), conditions });
  }
  return (doc) => {
    let undecided = false;
    for (const { path, conditions } of fields) {
      const value = scalarAt(doc, path);
      if (value === 'complex') {
        undecided = true;
        continue;
      }
      for (const condition of conditions) if (!condition(value)) return false;
    }
    return undecided ? undefined : true;
  };
}

function compileExpression(expression: unknown): Condition[] | undefined {
  if (isScalar(expression)) return [equals(expression)];
  if (!isPlainRecord(expression)) return undefined;
  const operators = Object.entries(expression);
  if (operators.length === 0 || operators.some(([operator]) => !operator.startsWith('$'))) return undefined;
  const conditions: Condition[] = [];
  for (const [operator, operand] of operators) {
    const condition = compileOperator(operator, operand);
    if (!condition) return undefined;
    conditions.push(condition);
  }
  return conditions;
}

function compileOperator(operator: string, operand: unknown): Condition | undefined {
  switch (operator) {
    case '$eq':
      return isScalar(operand) ? equals(operand) : undefined;
    case '$ne': {
      if (!isScalar(operand)) return undefined;
      const equal = equals(operand);
      return (value) => !equal(value);
    }
    case '$in':
    case '$nin': {
      if (!Array.isArray(operand) || !operand.every(isScalar)) return undefined;
      const tests = operand.map(equals);
      return operator === '$in'
        ? (value) => tests.some((test) => test(value))
        : (value) => !tests.some((test) => test(value));
    }
    case '$exists':
      return typeof operand === 'boolean' ? (value) => (value !== MISSING) === operand : undefined;
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte':
      return typeof operand === 'number' || typeof operand === 'string' ? compare(operator, operand) : undefined;
    default:
      return undefined;
  }
}

/** MongoDB's equality on scalars: null also matches a missing field. */
function equals(operand: Scalar): Condition {
  return operand === null ? (value) => value === null || value === MISSING : (value) => value === operand;
}

/** Comparisons only between values of the same kind (numbers with numbers, strings with strings). */
function compare(operator: '$lt' | '$lte' | '$gt' | '$gte', operand: number | string): Condition {
  const kind = typeof operand;
  switch (operator) {
    case '$lt':
      return (value) => typeof value === kind && (value as typeof operand) < operand;
    case '$lte':
      return (value) => typeof value === kind && (value as typeof operand) <= operand;
    case '$gt':
      return (value) => typeof value === kind && (value as typeof operand) > operand;
    case '$gte':
      return (value) => typeof value === kind && (value as typeof operand) >= operand;
  }
}

export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
