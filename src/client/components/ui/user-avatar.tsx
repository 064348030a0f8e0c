import { useState } from 'react';

interface UserAvatarProps {
  name: string;
  image: string | null;
  /** Pixel size of the round avatar. */
  size?: 32 | 40 | 48 | 80;
  /** Ring colour around the avatar: gold on light backgrounds, rose on plum. */
  ring?: 'accent' | 'none';
  className?: string;
}

const sizeClass = { 32: 'size-8 text-xs', 40: 'size-10 text-sm', 48: 'size-12 text-base', 80: 'size-20 text-2xl' } as const;

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Her photo, named by her name; her initials when there is no photo or it fails to load. */
export function UserAvatar({ name, image, size = 40, ring = 'accent', className = '' }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ringClass = ring === 'accent' ? 'ring-2 ring-accent ring-offset-2 ring-offset-base-100' : '';
  if (image && failedSrc !== image) {
    return (
      <img
        src={image}
        alt={name}
        title={name}
        width={size}
        height={size}
        onError={() => setFailedSrc(image)}
        className={`${sizeClass[size]} shrink-0 rounded-full bg-base-200 object-cover ${ringClass} ${className}`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      translate="no"
      className={`grid ${sizeClass[size]} shrink-0 place-items-center rounded-full bg-secondary font-semibold text-secondary-content ${ringClass} ${className}`}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
