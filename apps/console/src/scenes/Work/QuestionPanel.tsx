import { useState, type FormEvent } from 'react';
import { describeError } from '../../api/api-error';
import { useAsk } from '../../api/queries';
import type { ExpertDeployment } from '../../api/types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Countdown } from '../../common/Countdown/Countdown';
import { Field } from '../../common/Field/Field';
import { When } from '../../common/When/When';
import { ContextLinks } from './BriefPanel';

/** The one clarifying question: ask it while in progress; the agent's reply shows up live. */
export function QuestionPanel({ deployment: d }: { deployment: ExpertDeployment }) {
  const ask = useAsk(d.id);
  const announce = useAnnounce();
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canAsk = d.relation === 'assigned' && d.status === 'in_progress' && !d.question;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return setError('Write your question first.');
    setError(null);
    ask.mutate(question.trim(), {
      onSuccess: () => announce('Question sent. The reply appears here as soon as the agent answers.'),
      onError: (failure) => announce(`Question not sent: ${describeError(failure)}`, 'error'),
    });
  };

  return (
    <section className="card question-panel" aria-labelledby="question-heading">
      <h2 id="question-heading">Your question</h2>
      {!d.question && !canAsk && (
        <p className="muted">{d.status === 'accepted' ? 'Start the work to ask the one clarifying question you may ask.' : 'No question was asked.'}</p>
      )}
      {canAsk && (
        <form className="form" onSubmit={submit} noValidate>
          <Field label="One clarifying question" hint="You can ask one question for this work. The deployment waits for the agent's reply." error={error}>
            <textarea rows={3} maxLength={2000} value={question} onChange={(event) => setQuestion(event.target.value)} />
          </Field>
          <button type="submit" className="button" disabled={ask.isPending}>
            {ask.isPending ? 'Sending…' : 'Ask the agent'}
          </button>
        </form>
      )}
      {d.question && (
        <div className="qa">
          <p className="qa__label">
            You asked, <When iso={d.question.asked_at} />:
          </p>
          <blockquote className="qa__body">{d.question.body}</blockquote>
          {d.reply ? (
            <div className="qa__reply" aria-live="off">
              <p className="qa__label">
                <span aria-hidden="true">↩ </span>The agent replied, <When iso={d.reply.replied_at} />:
              </p>
              <blockquote className="qa__body">{d.reply.body}</blockquote>
              <ContextLinks urls={d.reply.context_files} label="Files with the reply" />
            </div>
          ) : (
            d.status === 'needs_input' && (
              <p className="qa__waiting">
                <span className="spinner" aria-hidden="true" /> Waiting for the reply.{' '}
                <Countdown to={d.question.reply_deadline} label="Reply due" urgentBelowSeconds={600} />
              </p>
            )
          )}
        </div>
      )}
    </section>
  );
}
