import { Link } from '@tanstack/react-router';
import { SUGGEST_UI } from './texts';

/** 'See plans': where a plan's limit is lifted. */
export function PlansLink() {
  return (
    <Link to="/plans" className="btn btn-secondary btn-sm">
      {SUGGEST_UI.seePlans}
    </Link>
  );
}
