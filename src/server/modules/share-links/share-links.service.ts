import { createHash, randomBytes } from 'node:crypto';
import {
  SHARED_MEDICATION_PATH,
  type CreatedShareLink,
  type CreateShareLinkRequest,
  type ShareLink,
  type ShareLinkListResponse,
} from '../../../contracts/share-links';
import type { SharedMedication } from '../../../contracts/shared-medication';
import type { AccessContext } from '../../platform/access-context';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { MedicationsService } from '../medications/medications.service';
import { ShareLinksRepository } from './share-links.repository';

type ShareLinkRow = Awaited<ReturnType<ShareLinksRepository['active']>>[number];

// A patient shares their current medication list through a link that expires.
// The token (256 random bits) is shown once; only its SHA-256 is stored. Every way a link can be
// unusable (unknown, expired, revoked) answers the same 404, and every opening is audited under
// the patient with the link's id, so it shows in their "Who opened my record".

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ShareLinksServiceOptions {
  publicUrl: string;
  now?: () => Date;
}

export class ShareLinksService {
  private readonly now: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly medications: MedicationsService,
    private readonly options: ShareLinksServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  create(ctx: AccessContext, input: CreateShareLinkRequest): Promise<CreatedShareLink> {
    return this.uow.write(ctx, async (work) => {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(this.now().getTime() + input.expiresInHours * 60 * 60 * 1000);
      const row = await work
        .use(ShareLinksRepository)
        .create({ scope: input.scope, tokenHash: hashToken(token), expiresAt }, input.expiresInHours);
      return { id: row.id, url: `${this.options.publicUrl}${SHARED_MEDICATION_PATH}${token}`, expiresAt: row.expiresAt.toISOString() };
    });
  }

  listActive(ctx: AccessContext): Promise<ShareLinkListResponse> {
    return this.uow.read(ctx, async (work) => ({ data: (await work.use(ShareLinksRepository).active(this.now())).map(toShareLink) }));
  }

  revoke(ctx: AccessContext, id: string): Promise<void> {
    return this.uow.write(ctx, (work) => work.use(ShareLinksRepository).revoke(id, this.now()));
  }

  /** The public page's data; the caller is anyone holding the link. */
  openMedications(ctx: AccessContext, token: string): Promise<SharedMedication> {
    return this.uow.write(ctx, async (work) => {
      const now = this.now();
      const repository = work.use(ShareLinksRepository);
      const link = await repository.open(TOKEN.test(token) ? hashToken(token) : null, now);
      const current = await this.medications.sharedIn(work, link.patientId);
      repository.opened(link, current.length);
      return {
        patientFirstName: link.firstName,
        generatedAt: now.toISOString(),
        expiresAt: link.expiresAt.toISOString(),
        medications: current.map((m) => ({
          name: m.name,
          drugCode: m.drugCode,
          strength: m.strength,
          dosage: m.dosage,
          frequency: m.frequency,
          route: m.route,
          startDate: m.startDate,
          prescriber: m.prescriber,
        })),
      };
    });
  }
}

function toShareLink(row: ShareLinkRow): ShareLink {
  return {
    id: row.id,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}
