import { Typography } from 'antd';
import { Link } from 'react-router';

/** A member as a queue shows them: their id (a link when the role may open members) and phone. */
export function MemberCell({ id, phone, linked }: { id: number; phone: string; linked: boolean }) {
  return (
    <div>
      {linked ? <Link to={`/members/${id}`}>#{id}</Link> : `#${id}`}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {phone}
      </Typography.Text>
    </div>
  );
}
