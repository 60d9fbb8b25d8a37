import { useState } from 'react';
import styles from './Avatar.module.css';

interface AvatarProps {
  /** Telegram photo URL; '' when the user has none (or hides it). */
  photo: string;
  /** What the placeholder's initials are taken from (a username, a name). */
  name: string;
  /** What picks the placeholder colour (the Telegram ID), so it stays the same wherever the user appears. */
  seed?: string;
  size?: number;
}

/** Up to two letters for the placeholder: 'Олена Студентка' -> 'ОС', 'student_demo' -> 'SD', '' -> '?'. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^@/, '')
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0]!.charAt(0) + words[1]!.charAt(0) : (words[0] ?? '').slice(0, 1);
  return letters.toUpperCase() || '?';
}

/**
 * A round user picture: the Telegram photo, or the initials on a colour picked from the name
 * (stable per user) when there is no photo or it fails to load.
 */
export function Avatar({ photo, name, seed, size = 40 }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (photo && !broken) {
    return <img className={styles.avatar} src={photo} alt="" style={box} onError={() => setBroken(true)} />;
  }
  let hash = 0;
  for (const ch of seed ?? name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span className={`${styles.avatar} ${styles[`tone${hash % 6}`]}`} style={box} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
