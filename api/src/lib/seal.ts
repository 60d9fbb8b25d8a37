import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals a short secret (a card number, a crypto address) with AES-256-GCM: 'v1:<iv>:<tag>:<data>',
 * base64. GCM's tag makes a changed or foreign value fail to open instead of reading as garbage;
 * the version prefix leaves room for a new key or cipher.
 */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
}

export const isSealed = (value: string): boolean => value.startsWith('v1:');

/** Opens what `seal` made with the same key; throws for anything else. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
