import 'server-only';
import { cookies } from 'next/headers';
import { readCompanyReservation, readCompanyReservations, type SavedReservation } from '@/content';
import { readStoredSession } from '@/features/accounts';

/**
 * The signed-in agent's view of reservations, read with the agent's own token, so the content service's policy decides
 * what they see: their company's reservations and nothing else.
 */

async function agentToken(): Promise<string | undefined> {
  return readStoredSession(await cookies()).accessToken;
}

export async function companyReservations(): Promise<SavedReservation[]> {
  const token = await agentToken();
  return token ? readCompanyReservations(token) : [];
}

/** One of the company's reservations by its number (`FF-7K3M9Q`) or its id; undefined for any other. */
export async function companyReservation(reference: string): Promise<SavedReservation | undefined> {
  const token = await agentToken();
  return token ? readCompanyReservation(token, reference) : undefined;
}
