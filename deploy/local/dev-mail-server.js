// A development SMTP server: takes every message sent to it on loopback and writes it, as it
// arrived, to <DEV_MAIL_DIR>/<time>-<n>.eml (open it with any mail client, or read it as text).
// Started by deploy/local/up.sh; the services send to it through SMTP_URL. Nothing leaves the machine.
const fs = require('node:fs');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');

const port = Number(process.env.DEV_SMTP_PORT || 1025);
const dir = path.resolve(process.env.DEV_MAIL_DIR || path.join(__dirname, 'state/mail'));
fs.mkdirSync(dir, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${++count}.eml`);
    const envelope = `X-Dev-Envelope-To: ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\n`;
    const out = fs.createWriteStream(file);
    out.write(envelope);
    stream.pipe(out);
    stream.on('end', () => {
      process.stdout.write(`dev mail: ${file}\n`);
      callback();
    });
  },
});
server.on('error', (error) => process.stderr.write(`dev mail server: ${error.message}\n`));
server.listen(port, '127.0.0.1', () => process.stdout.write(`dev mail server on smtp://127.0.0.1:${port}, writing to ${dir}\n`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
