/** Minor units as auracoin with two decimals, for the auditor's report. */
export const formatAuditUnits = (units: number) => (units / 100).toFixed(2);
