/**
 * Vacation: while one runs, deadlines that pass while you owe orders wait for your return (in
 * games that allow it), charged to a yearly bank of days.
 */
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';

interface Bank {
  totalDays: number;
  remainingDays: number;
  current: { id: string; endsAt: string } | null;
}
const BANK = '{ vacationBank { totalDays remainingDays current { id endsAt } } }';

export function Vacation() {
  const [bank, setBank] = useState<Bank | null>(null);
  const [days, setDays] = useState('7');
  const [status, setStatus] = useState('');
  const load = () =>
    gql<{ vacationBank: Bank }>(BANK).then(
      (d) => setBank(d.vacationBank),
      (e: Error) => setStatus(e.message),
    );
  useEffect(() => void load(), []);
  async function act(query: string, vars: Record<string, unknown>, done: string) {
    try {
      await gql(query, vars);
      setStatus(done);
      void load();
    } catch (e) {
      setStatus(`Refused: ${(e as Error).message}`);
    }
  }
  if (!bank) return null;
  return (
    <section class="card" aria-labelledby="vacation-title">
      <h2 id="vacation-title">Vacation</h2>
      <p>
        {bank.remainingDays.toFixed(1)} of {bank.totalDays} days left this year.
      </p>
      {bank.current ? (
        <p>
          On vacation until <time dateTime={bank.current.endsAt}>{new Date(bank.current.endsAt).toLocaleString()}</time>
          .{' '}
          <button
            type="button"
            onClick={() =>
              void act('mutation($id:ID!){endVacation(id:$id){id}}', { id: bank.current!.id }, 'Welcome back.')
            }
          >
            End it now
          </button>
        </p>
      ) : (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            const until = new Date(Date.now() + Number(days) * 86_400_000).toISOString();
            void act(
              'mutation($i:VacationInput!){startVacation(input:$i){id}}',
              { i: { endsAt: until } },
              'Your vacation has begun.',
            );
          }}
        >
          <label for="f-vacation-days">Days away</label>
          <input
            id="f-vacation-days"
            type="number"
            min={1}
            max={Math.floor(bank.remainingDays)}
            value={days}
            onInput={(e) => setDays(e.currentTarget.value)}
          />
          <button type="submit">Start a vacation now</button>
        </form>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
