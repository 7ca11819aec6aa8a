import { notFound } from 'next/navigation';

// Any path no route claims: the localised 404 screen with status 404.
export default function UnknownPage() {
  notFound();
}
