import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { COUNT_TEXTS } from '../count-texts';
import { QuantitySwitch } from './quantity-switch';

function Screen() {
  const [isOn, setIsOn] = useState(false);
  return <QuantitySwitch isOn={isOn} onChange={setIsOn} />;
}

describe('QuantitySwitch', () => {
  it('is a switch named by its text, turned on and off by click or by keyboard', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const toggle = screen.getByRole('switch', { name: COUNT_TEXTS.askQuantity });
    expect(toggle).toHaveAccessibleDescription(COUNT_TEXTS.askQuantityHint);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.keyboard(' ');
    expect(toggle).not.toBeChecked();
  });
});
