import { useState } from 'react';

interface MemberAvatarProps {
  src?: string;
  name?: string;
  /** In rem, so it scales with the root font size. */
  size?: number;
}

/** The member's photo, or the first character of their name on the house's gold. */
export function MemberAvatar({ src, name = '', size = 3.5 }: MemberAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const initial = [...name.trim()][0] ?? '拾';
  const style = { width: `${size}rem`, height: `${size}rem`, fontSize: `${size * 0.42}rem` };
  if (src && broken !== src) {
    return (
      <img
        className="member-avatar"
        style={style}
        src={src}
        alt=""
        data-testid="member-avatar"
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <span className="member-avatar member-avatar-initial" style={style} data-testid="member-avatar" aria-hidden="true">
      {initial}
    </span>
  );
}
