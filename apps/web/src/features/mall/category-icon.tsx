import type { Category } from '@antique/shared';
import { useState } from 'react';
import './mall.css';

/** A category's icon, or its first character in a seal when it has none (or it fails to load). */
export function CategoryIcon({ category, size = 'md' }: { category: Category; size?: 'sm' | 'md' }) {
  const [failed, setFailed] = useState(false);
  const showImage = category.icon && !failed;
  return (
    <span className={`category-icon category-icon-${size}`} aria-hidden="true">
      {showImage ? (
        <img src={category.icon} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <span className="category-icon-initial">{[...category.name][0] ?? ''}</span>
      )}
    </span>
  );
}
