export { loadMailConfig, type MailConfig } from './mail-config';
export { createMailSender, MailNotSent, type MailSender, type OutgoingMail, type SentMail } from './mail-sender';
