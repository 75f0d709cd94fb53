import { describe, expect, it } from 'vitest';
import { accuracyColor, auditAccuracy, movedNote } from './audits.ts';
import { batteryColor, deviceStatus, normalizeDeviceCode } from './devices.ts';

describe('auditAccuracy', () => {
  it('is (expected - discrepancies) / expected x 100, rounded', () => {
    expect(auditAccuracy(100, 0)).toBe(100);
    expect(auditAccuracy(100, 7)).toBe(93);
    expect(auditAccuracy(3, 1)).toBe(67);
    expect(auditAccuracy(8, 1)).toBe(88); // 87.5 rounds up
    expect(auditAccuracy(200, 1)).toBe(100); // 99.5 rounds up
  });
  it('with nothing expected is 100 without discrepancies and 0 with any', () => {
    expect(auditAccuracy(0, 0)).toBe(100);
    expect(auditAccuracy(0, 4)).toBe(0);
  });
  it('stops at 0 when overages exceed what was expected', () => {
    expect(auditAccuracy(10, 10)).toBe(0);
    expect(auditAccuracy(10, 25)).toBe(0);
  });
  it('colours green at 90 or more, yellow at 70 or more, else red', () => {
    expect([90, 89, 70, 69].map(accuracyColor)).toEqual(['green', 'yellow', 'yellow', 'red']);
  });
});

describe('device rules', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('is online within 2 minutes, offline after or never heard', () => {
    expect(deviceStatus({ lastSeen: ago(119_000), batteryLevel: 80, signalStrength: 3 }, now)).toBe('online');
    expect(deviceStatus({ lastSeen: ago(121_000), batteryLevel: 80, signalStrength: 3 }, now)).toBe(
      'offline',
    );
    expect(deviceStatus({ lastSeen: null, batteryLevel: null, signalStrength: null }, now)).toBe('offline');
  });
  it('warns when online with battery under 20 or signal at most 1', () => {
    expect(deviceStatus({ lastSeen: ago(0), batteryLevel: 19, signalStrength: 4 }, now)).toBe('warning');
    expect(deviceStatus({ lastSeen: ago(0), batteryLevel: 20, signalStrength: 2 }, now)).toBe('online');
    expect(deviceStatus({ lastSeen: ago(0), batteryLevel: 90, signalStrength: 1 }, now)).toBe('warning');
    expect(deviceStatus({ lastSeen: ago(200_000), batteryLevel: 5, signalStrength: 0 }, now)).toBe('offline');
  });
  it('colours battery green above 60, yellow above 20, else red', () => {
    expect([61, 60, 21, 20, 0].map(batteryColor)).toEqual(['green', 'yellow', 'yellow', 'red', 'red']);
  });
  it('keeps only digits of the code, at most 6', () => {
    expect(normalizeDeviceCode('12 34-5678')).toBe('123456');
    expect(normalizeDeviceCode('ab1')).toBe('1');
  });
});

describe('movedNote', () => {
  it('splits what was off from what moved during the count', () => {
    expect(movedNote('2 fewer than expected; 3 sold during the count')).toEqual({
      note: '2 fewer than expected',
      moved: '3 sold during the count',
    });
    expect(movedNote('1 more than expected; 4 sold, 5 received during the count').moved).toBe(
      '4 sold, 5 received during the count',
    );
  });
  it('leaves other notes whole', () => {
    expect(movedNote('1 fewer than expected')).toEqual({ note: '1 fewer than expected', moved: null });
    expect(movedNote('Recounted: as expected')).toEqual({ note: 'Recounted: as expected', moved: null });
    expect(movedNote(null)).toEqual({ note: null, moved: null });
  });
});
