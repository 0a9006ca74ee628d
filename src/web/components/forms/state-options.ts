import { stateCodeField } from '../../../contract/forms';

const names: Record<string, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

export const stateOptions = stateCodeField.options.map((code) => ({ value: code, label: names[code] ?? code }));
