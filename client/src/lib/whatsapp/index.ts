// WhatsApp from any screen (issue 45, point 4): the send button and the log beside it.
export { WhatsappSendButton, type WhatsappCustomer, type WhatsappSendButtonProps } from './whatsapp-send-button';
export { useWhatsappLog, openedText, type WhatsappLogEntry } from './use-whatsapp-log';
export { WhatsappLogList } from './whatsapp-log-list';
export { useWhatsappShop, useWhatsappCustomer, type WhatsappShop } from './use-whatsapp-context';
