import { one, type Db } from '../../db/db';
import type { LicensedCount } from './licensePolicy';

export interface LicenseRow {
  licence_id: string;
  issued_to: string;
  max_users: number | null;
  max_gateways: number | null;
  max_variables: number | null;
  functions: string[];
  expires_at: Date;
  uploaded_at: Date;
}

/** The newest installed licence: the one in force. */
export function currentLicense(db: Db): Promise<LicenseRow | undefined> {
  return one<LicenseRow>(
    db,
    `select licence_id, issued_to, max_users, max_gateways, max_variables, functions, expires_at, uploaded_at
       from licenses order by id desc limit 1`,
  );
}

// users are the enterprises' accounts (the platform's own operators are not licensed); variables
// of devices and of templates alike, as both are configured and stored
const COUNT_SQL: Record<LicensedCount, string> = {
  users: "select count(*)::int as n from accounts where kind <> 'operation'",
  gateways: 'select count(*)::int as n from gateways',
  variables: 'select count(*)::int as n from variables',
};

export async function countLicensed(db: Db, what: LicensedCount): Promise<number> {
  return (await one<{ n: number }>(db, COUNT_SQL[what]))?.n ?? 0;
}

export async function insertLicense(
  db: Db,
  l: {
    licenceId: string;
    issuedTo: string;
    users: number | null;
    gateways: number | null;
    variables: number | null;
    functions: string[];
    expiresAt: Date;
    file: string;
    uploadedBy: number;
    uploadedAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into licenses(licence_id, issued_to, max_users, max_gateways, max_variables, functions, expires_at, file,
                          uploaded_by, uploaded_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      l.licenceId,
      l.issuedTo,
      l.users,
      l.gateways,
      l.variables,
      l.functions,
      l.expiresAt,
      l.file,
      l.uploadedBy,
      l.uploadedAt,
    ],
  );
}
