import { EventEmitter } from 'node:events';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** SMTP envelope: who the sending server said the message is from and for. */
  envelope: { from: string | null; to: string[] };
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  /** The plain-text body (of a multipart message, its text/plain part), transfer encoding undone. */
  text: string;
  /** The text/html part of a multipart message. */
  html?: string;
  /** The parts sent as files (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: string }[];
  raw: string;
};

export type SmtpReceiver = {
  /** For SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Client connections: open now, the most open at once, and all so far. */
  connections: { open: number; most: number; total: number };
  /** Resolves once `count` messages are in (for senders that do not wait for delivery). */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. A message is in `messages`
 * before the server answers 250, so it is there as soon as the sender's `sendMail` resolves.
 */
export async function startSmtpReceiver(options: { port?: number } = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const connections = { open: 0, most: 0, total: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections.open += 1;
      connections.total += 1;
      connections.most = Math.max(connections.most, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const envelope = { from: mailFrom ? mailFrom.address : null, to: rcptTo.map((r) => r.address) };
        messages.push(parseMessage(Buffer.concat(chunks).toString('utf8'), envelope));
        arrivals.emit('message');
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connections,
    waitForMessages: (count, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          arrivals.off('message', check);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          arrivals.off('message', check);
          reject(new Error(`smtp-receiver: ${messages.length} of ${count} messages after ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.on('message', check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Part = { headers: Record<string, string>; body: string };

/**
 * A header as a mail program shows it: RFC 2047 encoded words (`=?UTF-8?B?…?=`, which a subject
 * outside ASCII is sent as) decoded; the space between two encoded words is not part of the text.
 */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([\w-]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

function splitPart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The leaf parts of a message, multipart ones opened (nested, as mixed around alternative is). */
function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /^multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections.filter((section) => !section.startsWith('--')).flatMap((section) => leafParts(splitPart(section.replace(/^\r\n/, '').replace(/\r\n$/, ''))));
}

/** Just enough of RFC 5322 / 2045 / 2046 for the messages the app sends: text, HTML, files. */
function parseMessage(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const message = splitPart(raw);
  const { headers } = message;
  const decoded = leafParts(message).map((part) => {
    const filename = /filename="?([^";]+)"?/i.exec(part.headers['content-disposition'] ?? '')?.[1];
    return {
      type: (part.headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase(),
      contentType: part.headers['content-type'] ?? 'text/plain',
      filename,
      content: decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit', filename !== undefined),
    };
  });
  const inline = decoded.filter((part) => part.filename === undefined);
  const html = inline.find((part) => part.type === 'text/html')?.content;
  return {
    envelope,
    headers,
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: decodeWords(headers.subject ?? ''),
    text: inline.find((part) => part.type === 'text/plain')?.content ?? '',
    ...(html !== undefined && { html }),
    attachments: decoded.flatMap((part) => (part.filename === undefined ? [] : [{ filename: part.filename, contentType: part.contentType, content: part.content }])),
    raw,
  };
}

/** Undoes the transfer encoding; text parts get \n line ends, files keep theirs (.ics needs CRLF). */
function decodeBody(body: string, encoding: string, keepLineEnds = false): string {
  const lineEnds = keepLineEnds ? (text: string) => text : normaliseLineEnds;
  switch (encoding.toLowerCase()) {
    case 'base64':
      return lineEnds(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .split(/(=[0-9A-F]{2})/i)
        .flatMap((part) => (/^=[0-9A-F]{2}$/i.test(part) ? [Buffer.from([parseInt(part.slice(1), 16)])] : [Buffer.from(part, 'utf8')]));
      return lineEnds(Buffer.concat(bytes).toString('utf8'));
    }
    default:
      return lineEnds(body);
  }
}

function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n/g, '\n');
}
