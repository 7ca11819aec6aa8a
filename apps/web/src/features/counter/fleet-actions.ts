'use server';

import { ContentServiceError } from '@/content';
import { issuesByField, type FormIssue } from '@/shared/forms';
import { fleetProblemOfStaff, setVehicleStatus, settledBookings, type FleetProblem } from './fleet';
import { formFieldOfBody, vehicleStatusBody, vehicleStatusForm } from './fleet-form';
import { currentStaff } from './staff';

/**
 * The fleet board's one action from the screen (VehicleStatusForm): the same server code as
 * `POST /api/counter/vehicles/{plate}/status`, as the signed-in staff member. The form is checked again here with the
 * schema the browser used; a refusal comes back on its field, or for the whole form, so nothing typed is lost.
 */

export type VehicleStatusResult = { ok: true; moved: number; needsVehicle: string[] } | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

function refused(problem: FleetProblem): VehicleStatusResult {
  const issue: FormIssue = { message: problem.message, ...(problem.params ? { params: problem.params } : {}) };
  // Only a refused value has a field of the form; a unit on rent or at another branch is about the whole change.
  const field = problem.code === 'invalid_value' ? formFieldOfBody(problem.field) : undefined;
  return field ? { ok: false, errors: { [field]: issue } } : { ok: false, errors: {}, formError: issue };
}

export async function changeVehicleStatusAction(plate: string, values: unknown): Promise<VehicleStatusResult> {
  const parsed = vehicleStatusForm.safeParse(values);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  const outcome = await currentStaff();
  if (!outcome.ok) return refused(fleetProblemOfStaff(outcome.status));
  try {
    const answer = await setVehicleStatus(outcome.staff, String(plate), vehicleStatusBody(parsed.data));
    return answer.ok ? { ok: true, ...settledBookings(answer.data) } : refused(answer.problem);
  } catch (error) {
    if (error instanceof ContentServiceError) return { ok: false, errors: {}, formError: { message: 'counterActions.errors.unavailable' } };
    throw error;
  }
}
