import { useTranslation } from 'react-i18next';
import { languageOfText } from '@shared/i18n/language';
import { MessageCircleReply } from 'lucide-react';
import type { ReviewState } from '@shared/review';

/** The badge's words in the `reviews` catalogue. */
const stateKeys = { published: 'state.published', hidden: 'state.hidden' } as const satisfies Record<ReviewState, string>;

const stateTone: Record<ReviewState, string> = {
  published: 'border-success/40 bg-success/10 text-success',
  hidden: 'border-base-300 bg-base-200 text-base-content/80',
};

export function ReviewStateBadge({ state }: { state: ReviewState }) {
  const { t } = useTranslation('reviews');
  return <span className={`badge h-auto min-h-5 badge-sm font-medium ${stateTone[state]}`}>{t(stateKeys[state])}</span>;
}

/** The salon's public answer under a review. */
export function SalonReply({ reply, tone = 'plain' }: { reply: string; tone?: 'plain' | 'card' }) {
  const { t } = useTranslation('home');
  return (
    <div className={`mt-4 rounded-field border-l-4 border-accent px-4 py-3 text-left ${tone === 'card' ? 'bg-base-200/70' : 'bg-blush/60'}`}>
      <p className="flex items-center gap-1.5 text-sm font-semibold text-base-content">
        <MessageCircleReply aria-hidden="true" className="size-4 text-primary" />
        {t('testimonials.reply')}
      </p>
      <p lang={languageOfText(reply)} className="mt-1 text-sm text-base-content/85 [overflow-wrap:anywhere] whitespace-pre-line">{reply}</p>
    </div>
  );
}

/** What she wrote and the line about her, each marked with the language it is written in. */
export function ReviewWords({ feedback, role }: { feedback: string; role: string | null | undefined }) {
  return (
    <>
      <p lang={languageOfText(feedback)} className="mt-2 text-base-content/90 [overflow-wrap:anywhere] whitespace-pre-line">
        {feedback}
      </p>
      {role ? (
        <p lang={languageOfText(role)} className="mt-1 text-sm text-base-content/70 [overflow-wrap:anywhere]">
          {role}
        </p>
      ) : null}
    </>
  );
}
