import { useEffect, useState } from 'react';
import { formatMoney } from '@shared/domain/money';
import { searchCatalogue, type CatalogueChoice } from './catalogue-search';

/** Search services and parts by name and add one to the canned job (with quantity 1, changed in its row). */
export function CataloguePicker({ onPick }: { onPick: (choice: CatalogueChoice) => void }) {
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<CatalogueChoice[]>([]);
  useEffect(() => {
    let live = true;
    void searchCatalogue(text).then((found) => live && setChoices(found));
    return () => {
      live = false;
    };
  }, [text]);

  return (
    <div className="canned-picker">
      <label className="field">
        <span>Add a service or part</span>
        <input name="catalogueSearch" value={text} placeholder="Type a service or part name..." autoComplete="off" onChange={(event) => setText(event.target.value)} />
      </label>
      {choices.length > 0 && (
        <ul className="canned-choices" aria-label="Services and parts found">
          {choices.map((choice) => (
            <li key={`${choice.kind}:${choice.refId}`}>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  onPick(choice);
                  setText('');
                }}
              >
                {choice.kind === 'service' ? 'Service' : 'Part'}: {choice.name} · {formatMoney(choice.priceCents)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
