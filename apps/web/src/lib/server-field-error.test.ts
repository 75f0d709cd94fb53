import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { formFieldOf, placeServerError } from './server-field-error';

// A refusal is placed by the field the server names in its answer, never by what its message says.

type Plan = { name: string; places: string[]; reason: string };

function planForm() {
  return renderHook(() => useForm<Plan>({ defaultValues: { name: '', places: [], reason: '' } })).result;
}

describe('formFieldOf', () => {
  it('finds a form field by the exact request path, then by a pattern with * for a list index', () => {
    const fields = { location_ids: 'places', rooms: 'places', 'lines.*.reason_code': 'reason' } as const;
    expect(formFieldOf<Plan>(fields, 'location_ids')).toBe('places');
    expect(formFieldOf<Plan>(fields, 'lines.3.reason_code')).toBe('reason');
    expect(formFieldOf<Plan>(fields, 'lines.x.reason_code')).toBeUndefined();
    expect(formFieldOf<Plan>(fields, 'lines.3.reason_code.extra')).toBeUndefined();
    expect(formFieldOf<Plan>(fields, 'device_id')).toBeUndefined();
  });
});

describe('placeServerError', () => {
  it("puts the server's message on the field its answer names, whatever the message says", () => {
    const form = planForm();
    const err = new ApiError(400, 'device_id names a reader that does not exist', true, 'location_ids');
    let placed = false;
    act(() => {
      placed = placeServerError(form.current.setError, err, { location_ids: 'places', device_id: 'name' });
    });
    expect(placed).toBe(true);
    expect(form.current.getFieldState('places').error?.message).toBe(
      'device_id names a reader that does not exist',
    );
    expect(form.current.getFieldState('name').error).toBeUndefined();
  });

  it('leaves to the caller an answer with no field, a field the form does not show, or no server message', () => {
    const form = planForm();
    const fields = { name: 'name' } as const;
    const cases = [
      new ApiError(400, 'Plan name is required', true),
      new ApiError(400, 'grace_days must be a whole number from 0 to 90', true, 'grace_days'),
      new ApiError(500, 'An error occurred', false, 'name'),
      new Error('name'),
    ];
    act(() => {
      for (const err of cases) expect(placeServerError(form.current.setError, err, fields)).toBe(false);
    });
    for (const field of ['name', 'places', 'reason'] as const)
      expect(form.current.getFieldState(field).error).toBeUndefined();
  });
});
