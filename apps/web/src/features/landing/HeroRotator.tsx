import { HERO_ROTATION_MS } from '@oneeta/contracts';
import { useEffect, useState } from 'react';
import { SPEC } from '../../text';

/**
 * '5 people / Different places / One ETA', one at a time every HERO_ROTATION_MS. All phrases sit
 * stacked in one grid cell (the widest sets the size) and only their opacity changes, so nothing
 * around them moves. Screen readers get the whole sentence once instead of the rotation.
 */
export function HeroRotator() {
  const phrases = SPEC.heroPhrases;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % phrases.length), HERO_ROTATION_MS);
    return () => clearInterval(timer);
  }, [phrases.length]);

  return (
    <span className="hero-rotator">
      <span className="visually-hidden">{phrases.join(' / ')}</span>
      <span className="hero-rotator-stack" aria-hidden="true">
        {phrases.map((phrase, i) => (
          <span key={phrase} className="hero-phrase" data-active={i === index}>
            {phrase}
          </span>
        ))}
      </span>
    </span>
  );
}
