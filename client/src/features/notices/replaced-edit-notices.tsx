import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { db } from '@/db/instance';
import { useSession } from '@/session/session-store';
import { paths } from '@/lib/paths';
import { mutate } from '@/sync/mutate';
import { toast } from '@/components/ui/toast-store';
import type { NoticeRow } from '@shared/schemas/notice';

// Where a notice's record is kept, for its 'Open' link.
const screenOf: Record<string, string> = {
  customers: paths.customers,
  items: paths.items,
  services: paths.services,
  categories: paths.categories,
  company: paths.company,
};

/**
 * The logged-in user's notices from the server (an edit of theirs replaced by a later one, issue 23),
 * above every screen until they press OK: read from the device, so they show offline too.
 */
export function ReplacedEditNotices() {
  const userId = useSession((state) => state.user?._id);
  const notices = useLiveQuery(async () => (userId ? (await db.notices.where('userId').equals(userId).toArray()).filter((notice) => !notice.dismissed) : []), [userId]);
  if (!notices?.length) return null;
  const dismiss = (notice: NoticeRow) =>
    mutate('dismissNotice', { id: notice.id }).catch((error: unknown) => toast.error(error instanceof Error ? error.message : 'The notice could not be dismissed.'));
  return (
    <section className="replaced-edit-notices" aria-label="Notices">
      {notices
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((notice) => (
          <p key={notice.id} className="notice notice-row" role="status" data-testid="replaced-edit-notice">
            <span className="notice-text">{notice.message}</span>
            {screenOf[notice.recordTable] ? (
              <Link className="btn btn-secondary btn-small" to={screenOf[notice.recordTable]!}>
                Open
              </Link>
            ) : null}
            <button type="button" className="btn btn-primary btn-small" onClick={() => void dismiss(notice)}>
              OK
            </button>
          </p>
        ))}
    </section>
  );
}
