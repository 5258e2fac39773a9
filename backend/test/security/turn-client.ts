/**
 * A minimal TURN client over UDP (RFC 5389 / 5766), enough to ask a TURN server for an allocation
 * and for permissions with long-term credentials: what a browser holding a session's ICE
 * credentials could send. It talks only to the server it is given (a loopback address in tests).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { isIPv4 } from 'node:net';

const MAGIC = 0x2112a442;
const ATTR = {
  USERNAME: 0x0006,
  MESSAGE_INTEGRITY: 0x0008,
  ERROR_CODE: 0x0009,
  REALM: 0x0014,
  NONCE: 0x0015,
  XOR_PEER_ADDRESS: 0x0012,
  XOR_RELAYED_ADDRESS: 0x0016,
  REQUESTED_TRANSPORT: 0x0019,
} as const;
const METHOD = { ALLOCATE: 0x0003, CREATE_PERMISSION: 0x0008 } as const;

interface Attribute {
  type: number;
  value: Buffer;
}

export interface TurnAnswer {
  success: boolean;
  /** the STUN error code (401, 403, 438…) of an error answer */
  errorCode: number | null;
  reason: string;
  attributes: Attribute[];
}

const pad4 = (length: number) => (4 - (length % 4)) % 4;

function attribute(type: number, value: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(type, 0);
  head.writeUInt16BE(value.length, 2);
  return Buffer.concat([head, value, Buffer.alloc(pad4(value.length))]);
}

function header(method: number, length: number, transactionId: Buffer): Buffer {
  const head = Buffer.alloc(20);
  head.writeUInt16BE(method, 0); // class request: bits 0
  head.writeUInt16BE(length, 2);
  head.writeUInt32BE(MAGIC, 4);
  transactionId.copy(head, 8);
  return head;
}

/** XOR-PEER-ADDRESS of an IPv4 address and port. */
export function xorPeerAddress(ip: string, port: number): Buffer {
  if (!isIPv4(ip)) throw new Error('IPv4 only');
  const value = Buffer.alloc(8);
  value.writeUInt8(0, 0);
  value.writeUInt8(0x01, 1);
  value.writeUInt16BE(port ^ (MAGIC >>> 16), 2);
  const address = Buffer.from(ip.split('.').map(Number));
  for (let i = 0; i < 4; i++) value[4 + i] = address[i]! ^ ((MAGIC >>> (24 - 8 * i)) & 0xff);
  return value;
}

function decodeXorAddress(value: Buffer): { ip: string; port: number } {
  const port = value.readUInt16BE(2) ^ (MAGIC >>> 16);
  const ip = [0, 1, 2, 3].map((i) => value[4 + i]! ^ ((MAGIC >>> (24 - 8 * i)) & 0xff)).join('.');
  return { ip, port };
}

/** A request; with credentials, MESSAGE-INTEGRITY over everything before it (the length counting it). */
function encode(method: number, attributes: Buffer[], key?: Buffer): { bytes: Buffer; transactionId: Buffer } {
  const transactionId = randomBytes(12);
  const body = Buffer.concat(attributes);
  if (!key) return { bytes: Buffer.concat([header(method, body.length, transactionId), body]), transactionId };
  const signed = Buffer.concat([header(method, body.length + 24, transactionId), body]);
  const integrity = attribute(ATTR.MESSAGE_INTEGRITY, createHmac('sha1', key).update(signed).digest());
  return { bytes: Buffer.concat([signed, integrity]), transactionId };
}

function decode(bytes: Buffer): { transactionId: Buffer; answer: TurnAnswer } {
  const type = bytes.readUInt16BE(0);
  const length = bytes.readUInt16BE(2);
  const attributes: Attribute[] = [];
  for (let offset = 20; offset < 20 + length;) {
    const attrType = bytes.readUInt16BE(offset);
    const attrLength = bytes.readUInt16BE(offset + 2);
    attributes.push({ type: attrType, value: bytes.subarray(offset + 4, offset + 4 + attrLength) });
    offset += 4 + attrLength + pad4(attrLength);
  }
  const error = attributes.find((each) => each.type === ATTR.ERROR_CODE)?.value;
  const errorCode = error ? error[2]! * 100 + error[3]! : null;
  const reason = error ? error.subarray(4).toString('utf8') : '';
  // class bits (0x0110): 0x0100 success, 0x0110 error
  return {
    transactionId: bytes.subarray(8, 20),
    answer: { success: (type & 0x0110) === 0x0100, errorCode, reason, attributes },
  };
}

export class TurnClient {
  private readonly socket: Socket = createSocket('udp4');
  private realm = '';
  private nonce: Buffer = Buffer.alloc(0);
  private key: Buffer | undefined;
  relayed: { ip: string; port: number } | undefined;

  constructor(
    private readonly server: { host: string; port: number },
    private readonly credentials: { username: string; credential: string },
  ) {}

  private send(bytes: Buffer, transactionId: Buffer): Promise<TurnAnswer> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.socket.off('message', onMessage);
        reject(new Error('no answer from the TURN server'));
      }, 5_000);
      const onMessage = (message: Buffer) => {
        const decoded = decode(message);
        if (!decoded.transactionId.equals(transactionId)) return;
        clearTimeout(timer);
        this.socket.off('message', onMessage);
        resolve(decoded.answer);
      };
      this.socket.on('message', onMessage);
      this.socket.send(bytes, this.server.port, this.server.host);
    });
  }

  /** A request with the long-term credentials; a 401 or 438 (stale nonce) teaches realm and nonce, and it is asked again once. */
  private async authenticated(method: number, attributes: Buffer[]): Promise<TurnAnswer> {
    for (let attempt = 0; ; attempt++) {
      const signedAttributes = this.key
        ? [
            ...attributes,
            attribute(ATTR.USERNAME, Buffer.from(this.credentials.username)),
            attribute(ATTR.REALM, Buffer.from(this.realm)),
            attribute(ATTR.NONCE, this.nonce),
          ]
        : attributes;
      const { bytes, transactionId } = encode(method, signedAttributes, this.key);
      const answer = await this.send(bytes, transactionId);
      if (attempt > 0 || (answer.errorCode !== 401 && answer.errorCode !== 438)) return answer;
      this.realm = answer.attributes.find((each) => each.type === ATTR.REALM)?.value.toString('utf8') ?? this.realm;
      this.nonce = answer.attributes.find((each) => each.type === ATTR.NONCE)?.value ?? this.nonce;
      this.key = createHash('md5')
        .update(`${this.credentials.username}:${this.realm}:${this.credentials.credential}`)
        .digest();
    }
  }

  /** Allocate a UDP relay. */
  async allocate(): Promise<TurnAnswer> {
    const answer = await this.authenticated(METHOD.ALLOCATE, [
      attribute(ATTR.REQUESTED_TRANSPORT, Buffer.from([17, 0, 0, 0])),
    ]);
    const relayed = answer.attributes.find((each) => each.type === ATTR.XOR_RELAYED_ADDRESS)?.value;
    if (relayed) this.relayed = decodeXorAddress(relayed);
    return answer;
  }

  /** Ask for a permission to a peer (this sends nothing to the peer). */
  createPermission(ip: string, port: number): Promise<TurnAnswer> {
    return this.authenticated(METHOD.CREATE_PERMISSION, [attribute(ATTR.XOR_PEER_ADDRESS, xorPeerAddress(ip, port))]);
  }

  close(): void {
    this.socket.close();
  }
}
