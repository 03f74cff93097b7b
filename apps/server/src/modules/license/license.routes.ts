import type { FastifyInstance } from 'fastify';
import { licenseCalls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { licenseKey } from './licenseFile';
import { configureLicensing } from './licensePolicy';
import * as license from './license.service';

/** Activation (/manage/system/license): the platform operator installs and views the licence. */
export function licenseRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  const key = licenseKey(config.LICENSE_PUBLIC_KEY);
  configureLicensing(config.LICENSE_REQUIRED, clock);
  handle(app, licenseCalls.info, () => license.licenseInfo(db));
  handle(app, licenseCalls.upload, ({ input, auth, req }) =>
    license.uploadLicense(db, key, auth, input.file, req.ip),
  );
}
