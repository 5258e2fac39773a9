/** What `npm start` prints once it is running: where, on which adapters, and how the admin signs in. */
export function startBanner(options: {
  url: string;
  adapters: Record<string, string>;
  dataDir: string;
  seeded: boolean;
  admin: { username: string; created: boolean; generatedPassword?: string };
}): string {
  const { url, admin } = options;
  const lines = [
    '',
    `  Aura is running at ${url}`,
    `  adapters: ${Object.entries(options.adapters)
      .map(([port, adapter]) => `${port}=${adapter}`)
      .join(', ')}`,
    `  data: ${options.dataDir}${options.seeded ? ' (demo data seeded)' : ''}`,
    `  admin login (${url}/admin): username "${admin.username}"`,
    admin.created && admin.generatedPassword
      ? `  admin password (generated, shown only this once): ${admin.generatedPassword}`
      : admin.created
        ? '  admin password: as set in ADMIN_PASSWORD'
        : '  admin password: as set on first start (ADMIN_PASSWORD or the one printed then)',
    '',
  ];
  return `${lines.join('\n')}\n`;
}
