import { createHash, randomBytes } from 'node:crypto';
import {
  SHARED_MEDICATION_PATH,
  type CreatedShareLink,
  type CreateShareLinkRequest,
  type ShareLinkListResponse,
} from '../../../contracts/share-links';
import type { SharedMedication } from '../../../contracts/shared-medication';
import type { ShareLinkRow } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { AuditLog } from '../../platform/audit';
import type { ReadContext } from '../../platform/patient-read-audit';
import type { MedicationsService } from '../medications/medications.service';
import type { ShareLinksRepository } from './share-links.repository';

// Issue 7 item 6: a patient shares their current medication list through a link that expires.
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
    private readonly repository: ShareLinksRepository,
    private readonly medications: MedicationsService,
    private readonly audit: AuditLog,
    private readonly options: ShareLinksServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async create(patientId: string, input: CreateShareLinkRequest, context: ReadContext): Promise<CreatedShareLink> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + input.expiresInHours * 60 * 60 * 1000);
    const row = await this.repository.insert({ patientId, scope: input.scope, tokenHash: hashToken(token), expiresAt });
    await this.audit.record({
      ...context,
      action: 'share-link.create',
      outcome: 'success',
      resourceType: 'share_link',
      resourceId: row.id,
      patientId,
      details: { scope: input.scope, expiresInHours: input.expiresInHours },
    });
    return { id: row.id, url: `${this.options.publicUrl}${SHARED_MEDICATION_PATH}${token}`, expiresAt: row.expiresAt.toISOString() };
  }

  async listActive(patientId: string, context: ReadContext): Promise<ShareLinkListResponse> {
    const rows = await this.repository.activeFor(patientId, this.now());
    await this.audit.record({
      ...context,
      action: 'share-link.list',
      outcome: 'success',
      resourceType: 'share_link',
      patientId,
      details: { count: rows.length },
    });
    return { data: rows.map(toShareLink) };
  }

  async revoke(patientId: string, id: string, context: ReadContext): Promise<void> {
    const done = await this.repository.revoke(patientId, id, this.now());
    await this.audit.record({
      ...context,
      action: 'share-link.revoke',
      outcome: done ? 'success' : 'failure',
      resourceType: 'share_link',
      resourceId: id,
      // Not found looks the same whether the link is someone else's or missing: no patient named.
      patientId: done ? patientId : null,
      details: done ? null : { reason: 'not-found' },
    });
    if (!done) throw AppError.notFound();
  }

  /** The public page's data; the caller is anonymous. */
  async openMedications(token: string, context: ReadContext): Promise<SharedMedication> {
    const now = this.now();
    const link = TOKEN.test(token) ? await this.repository.byTokenHash(hashToken(token)) : undefined;
    const reason = !link ? 'unknown' : link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : !link.isActive ? 'inactive' : null;
    if (!link || reason) {
      await this.audit.record({
        ...context,
        action: 'medication.shared-view',
        outcome: 'failure',
        resourceType: 'share_link',
        resourceId: link?.id ?? null,
        details: { reason },
      });
      throw AppError.notFound('This link is not available.');
    }
    const current = await this.medications.sharedBy(link.patientId);
    await this.repository.countOpening(link.id, now);
    await this.audit.record({
      ...context,
      actorUserId: null,
      actorRole: null,
      action: 'medication.shared-view',
      outcome: 'success',
      resourceType: 'share_link',
      resourceId: link.id,
      patientId: link.patientId,
      details: { scope: link.scope, count: current.length },
    });
    return {
      patientFirstName: link.firstName,
      generatedAt: now.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      medications: current.map((m) => ({
        name: m.name,
        dosage: m.dosage,
        frequency: m.frequency,
        route: m.route,
        startDate: m.startDate,
        prescribedBy: m.prescribedBy,
      })),
    };
  }
}

function toShareLink(row: ShareLinkRow) {
  return {
    id: row.id,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}
