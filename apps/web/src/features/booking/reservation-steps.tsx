import { getTranslations } from 'next-intl/server';

const STEPS = ['stepDetails', 'stepPayment', 'stepConfirmation'] as const;

/** Where the renter is in the reservation flow. */
export async function ReservationSteps({ current }: { current: (typeof STEPS)[number] }) {
  const t = await getTranslations('reservation');
  return (
    <nav aria-label={t('steps')}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={step === current ? 'step' : undefined}
            className={`rounded-full px-3 py-1 font-semibold ${step === current ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700'}`}
          >
            {index + 1}. {t(step)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
