/**
 * Validation of a pain.001.001.03 file against the published XSD with `xmllint --schema` (Debian's
 * libxml2-utils), for the tests and `bench/payouts`: the rail itself never shells out.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const PAIN_001_XSD = path.join(__dirname, 'pain.001.001.03.xsd');
const XMLLINT = ['/usr/bin/xmllint', '/usr/local/bin/xmllint'].find((candidate) => existsSync(candidate));

/** The xmllint binary, or undefined where it is not installed. */
export const xmllintPath = () => XMLLINT;

/** Runs `xmllint --noout --schema pain.001.001.03.xsd` on the XML: valid, and what xmllint said. */
export async function validatePain001(xml: string): Promise<{ valid: boolean; output: string }> {
  if (!XMLLINT) throw new Error('xmllint is not installed (Debian: apt-get install libxml2-utils)');
  const dir = await mkdtemp(path.join(tmpdir(), 'aura-sepa-'));
  const file = path.join(dir, 'pain.001.xml');
  try {
    await writeFile(file, xml);
    return await new Promise((resolve) => {
      execFile(
        XMLLINT,
        ['--noout', '--schema', PAIN_001_XSD, file],
        { maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          resolve({ valid: !error, output: `${stdout}${stderr}`.trim() });
        },
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
