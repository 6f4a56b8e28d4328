// The WhatsApp messages a shop sends (issue 45, point 4): one template per kind and language, the
// shop's own when it wrote one (Settings → WhatsApp messages), else the default here. A template names
// its fields in {braces}; the link rule (whatsapp.ts) encodes the filled text.
import { fillTemplate, whatsappLink, whatsappLinkMaxLength } from './whatsapp';
import { formatMoney } from './money';
import { formatQuantity } from './quantity';

export const whatsappKinds = ['reminder', 'declined', 'estimate'] as const;
export type WhatsappKind = (typeof whatsappKinds)[number];
export const whatsappKindLabels: Record<WhatsappKind, string> = {
  reminder: 'Service due',
  declined: 'Declined work follow-up',
  estimate: 'Estimate shared',
};

/** The languages a customer is written to in (their 'Message language'); English when not set. */
export const messageLanguages = ['en', 'si', 'ta'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];
export const defaultMessageLanguage: MessageLanguage = 'en';
export const messageLanguageLabels: Record<MessageLanguage, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

/** A stored language read back: a row saved before the field existed (or anything unknown) is English. */
export const messageLanguageOf = (value: unknown): MessageLanguage => (messageLanguages.includes(value as MessageLanguage) ? (value as MessageLanguage) : defaultMessageLanguage);

/**
 * A language as a file writes it (an import's 'Message Language' cell): the code, the English name
 * or the name as the form shows it, in any case; anything else is given back as written, for the
 * schema to refuse with its message. Blank is English.
 */
export function messageLanguageFromText(text: string): string {
  const written = text.trim().toLowerCase();
  if (written === '') return defaultMessageLanguage;
  const names: Record<string, MessageLanguage> = { english: 'en', sinhala: 'si', sinhalese: 'si', tamil: 'ta' };
  const found = messageLanguages.find((language) => language === written || messageLanguageLabels[language].toLowerCase() === written) ?? names[written];
  return found ?? text.trim();
}

/** The fields a template may name. */
export const templateFields = ['name', 'plate', 'due', 'when', 'shop', 'shopPhone', 'estimateNo', 'total', 'lines'] as const;
export type TemplateValues = Partial<Record<(typeof templateFields)[number], string>>;

/** The company record's field holding one template: whatsappReminderEn … whatsappEstimateTa. */
export type WhatsappTemplateKey = `whatsapp${Capitalize<WhatsappKind>}${Capitalize<MessageLanguage>}`;
const capital = <T extends string>(text: T) => (text.charAt(0).toUpperCase() + text.slice(1)) as Capitalize<T>;
export const whatsappTemplateKey = (kind: WhatsappKind, language: MessageLanguage): WhatsappTemplateKey => `whatsapp${capital(kind)}${capital(language)}`;
export const whatsappTemplateKeys: readonly WhatsappTemplateKey[] = whatsappKinds.flatMap((kind) => messageLanguages.map((language) => whatsappTemplateKey(kind, language)));
/** The shop's templates as the company record holds them: blank or missing is the default. */
export type WhatsappTemplates = Partial<Record<WhatsappTemplateKey, string | null | undefined>>;

/** The longest template text kept (its link is checked too: `templateProblem`). */
export const maxTemplateLength = 1000;

export const defaultWhatsappTemplates: Record<WhatsappKind, Record<MessageLanguage, string>> = {
  reminder: {
    en: 'Dear {name},\nYour vehicle {plate} is due for {due} ({when}).\nPlease call {shop} on {shopPhone} to book a time.\nThank you.',
    si: 'හිතවත් {name},\nඔබගේ {plate} වාහනයේ {due} කිරීමට කාලයයි ({when}).\nවේලාවක් වෙන් කර ගැනීමට කරුණාකර {shop} අමතන්න: {shopPhone}.\nස්තූතියි.',
    ta: 'அன்புள்ள {name},\nஉங்கள் {plate} வாகனத்திற்கு {due} செய்ய வேண்டிய நேரம் ({when}).\nநேரம் ஒதுக்க {shop} ஐ {shopPhone} இல் அழைக்கவும்.\nநன்றி.',
  },
  declined: {
    en: 'Dear {name},\nWhen {plate} was last with us, {due} was left for later.\nWe would be glad to do it. Please call {shop} on {shopPhone}.\nThank you.',
    si: 'හිතවත් {name},\n{plate} වාහනය පසුගිය වර අප වෙත පැමිණි විට {due} පසුවට තැබුවා.\nඑය කර දීමට අපි සතුටින් සූදානම්. කරුණාකර {shop} අමතන්න: {shopPhone}.\nස්තූතියි.',
    ta: 'அன்புள்ள {name},\n{plate} கடைசியாக எங்களிடம் வந்தபோது {due} பின்னர் செய்ய விடப்பட்டது.\nஅதைச் செய்து தர மகிழ்ச்சி. {shop} ஐ {shopPhone} இல் அழைக்கவும்.\nநன்றி.',
  },
  estimate: {
    en: 'Dear {name},\nYour estimate {estimateNo} for {plate}:\n{lines}\nTotal: {total}\nPlease reply to approve, or call {shop} on {shopPhone}.\nThank you.',
    si: 'හිතවත් {name},\n{plate} සඳහා ඔබගේ ඇස්තමේන්තුව {estimateNo}:\n{lines}\nමුළු මුදල: {total}\nඅනුමත කිරීමට පිළිතුරු දෙන්න, නැතහොත් {shop} අමතන්න: {shopPhone}.\nස්තූතියි.',
    ta: 'அன்புள்ள {name},\n{plate} க்கான உங்கள் மதிப்பீடு {estimateNo}:\n{lines}\nமொத்தம்: {total}\nஒப்புதலுக்கு பதில் அனுப்பவும், அல்லது {shop} ஐ {shopPhone} இல் அழைக்கவும்.\nநன்றி.',
  },
};

/** The template a message is made from: the shop's, unless it left it blank. */
export function templateFor(templates: WhatsappTemplates | null | undefined, kind: WhatsappKind, language: MessageLanguage): string {
  const own = templates?.[whatsappTemplateKey(kind, language)];
  return typeof own === 'string' && own.trim() !== '' ? own : defaultWhatsappTemplates[kind][language];
}

/** The message to open WhatsApp with: the template for the kind and language, its fields filled. */
export function composeWhatsappMessage(templates: WhatsappTemplates | null | undefined, kind: WhatsappKind, language: MessageLanguage, values: TemplateValues): string {
  return fillTemplate(templateFor(templates, kind, language), values as Record<string, string>);
}

/** An estimate's line as its summary reads it. */
export interface SummaryLine {
  name: string;
  quantityHundredths: number;
  totalCents: number;
}

/**
 * An estimate as the text of a message (its {lines} and {total}): each line 'name × qty: amount' on
 * a line of its own, and the total. Only text: no link to the shop's app, which the customer could
 * not open. A name's own line breaks are made spaces, so each line stays one line.
 */
export function estimateSummary(lines: readonly SummaryLine[], totalCents: number): { lines: string; total: string } {
  return {
    lines: lines.map((line) => `${line.name.replace(/\s+/g, ' ').trim()} × ${formatQuantity(line.quantityHundredths)}: ${formatMoney(line.totalCents)}`).join('\n'),
    total: formatMoney(totalCents),
  };
}

/** Long values of each field: a template must still make a link with them (`templateProblem`). */
export const longTemplateValues: Required<TemplateValues> = {
  name: 'Wickramasinghe Arachchige Don Ruwan Kumara Jayasinghe',
  plate: 'WP CAB-1234',
  due: 'Oil change, oil filter and brake fluid',
  when: 'at 145,000 km',
  shop: 'Jayasinghe Auto Service Centre (Pvt) Ltd',
  shopPhone: '0112 345 678',
  estimateNo: 'EST-AB12-000123',
  total: 'Rs. 1,234,567.89',
  lines: 'Front brake pads × 1: Rs. 8,500.00\nEngine oil 5W-30 × 4: Rs. 12,000.00\nLabour × 2: Rs. 5,000.00',
};

const sampleNumber = '0771234567';

/**
 * Why a shop's template cannot be kept, or null: filled with long values, its link must stay within
 * what WhatsApp takes (whatsappLinkMaxLength). A blank one is the default, always kept.
 */
export function templateProblem(template: string, label: string): string | null {
  if (template.trim() === '') return null;
  if (template.length > maxTemplateLength) return `${label} must be at most ${maxTemplateLength.toLocaleString('en-US')} characters.`;
  const link = whatsappLink(sampleNumber, fillTemplate(template, longTemplateValues));
  if (link.ok) return null;
  const length = `https://wa.me/94771234567?text=${encodeURIComponent(fillTemplate(template, longTemplateValues).normalize('NFC'))}`.length;
  return `${label} is too long for a WhatsApp link: with long names filled in it makes ${length.toLocaleString('en-US')} characters (at most ${whatsappLinkMaxLength.toLocaleString('en-US')}). Shorten it.`;
}

/** A template's name in messages and in Settings: 'The English Service due message'. */
export const templateLabel = (kind: WhatsappKind, language: MessageLanguage) =>
  `The ${language === 'en' ? 'English' : language === 'si' ? 'Sinhala' : 'Tamil'} ${whatsappKindLabels[kind]} message`;
