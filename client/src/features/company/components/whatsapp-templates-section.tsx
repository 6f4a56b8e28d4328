import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import type { CompanyRow } from '@shared/schemas/company';
import {
  defaultWhatsappTemplates,
  messageLanguageLabels,
  messageLanguageOf,
  messageLanguages,
  templateFields,
  whatsappKindLabels,
  whatsappKinds,
  whatsappTemplateKey,
  type MessageLanguage,
  type WhatsappKind,
} from '@shared/domain/whatsapp-templates';
import { saveWhatsappTemplate } from '../api/save-whatsapp-template';

const shownTemplate = (company: CompanyRow | null, kind: WhatsappKind, language: MessageLanguage) =>
  company?.[whatsappTemplateKey(kind, language)] || defaultWhatsappTemplates[kind][language];

/**
 * Settings → WhatsApp messages (issue 45, point 4): the shop's message per kind and language. Pick
 * one, edit it, Save; 'Reset to default' makes it the default again. A message too long for a
 * WhatsApp link is said here and nothing is saved.
 */
export function WhatsappTemplatesSection({ company }: { company: CompanyRow | null }) {
  const id = useId();
  const [kind, setKind] = useState<WhatsappKind>('reminder');
  const [language, setLanguage] = useState<MessageLanguage>('en');
  const [text, setText] = useState(() => shownTemplate(company, 'reminder', 'en'));
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  function pick(nextKind: WhatsappKind, nextLanguage: MessageLanguage) {
    setKind(nextKind);
    setLanguage(nextLanguage);
    setText(shownTemplate(company, nextKind, nextLanguage));
    setProblem('');
  }

  async function save(template: string, done: string) {
    setSaving(true);
    try {
      await saveWhatsappTemplate(kind, language, template, company);
      setProblem('');
      setText(template.trim() || defaultWhatsappTemplates[kind][language]);
      toast.success(done);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Failed to save the message.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel whatsapp-templates" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>WhatsApp messages</h3>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Message</label>
          <select id={`${id}-kind`} value={kind} onChange={(e) => pick(e.target.value as WhatsappKind, language)}>
            {whatsappKinds.map((each) => (
              <option key={each} value={each}>
                {whatsappKindLabels[each]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-language`}>Language</label>
          <select id={`${id}-language`} value={language} onChange={(e) => pick(kind, messageLanguageOf(e.target.value))}>
            {messageLanguages.map((each) => (
              <option key={each} value={each}>
                {messageLanguageLabels[each]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Text</label>
        <textarea id={`${id}-text`} rows={7} value={text} onChange={(e) => setText(e.target.value)} />
        <small className="field-hint">Fields filled in when sent: {templateFields.map((field) => `{${field}}`).join(' ')}</small>
      </div>
      {problem && (
        <p className="error-text" role="alert" data-testid="whatsapp-template-problem">
          {problem}
        </p>
      )}
      <div className="form-footer">
        <button type="button" className="btn btn-secondary" disabled={saving} onClick={() => void save('', 'The default message is used again.')}>
          Reset to default
        </button>
        <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save(text, 'WhatsApp message saved.')}>
          {saving ? 'Saving...' : 'Save message'}
        </button>
      </div>
    </section>
  );
}
