/**
 * The chart's options as uPlot receives them (jsdom draws no canvas, so uPlot itself is replaced by
 * a recorder that keeps the real library's helpers): the fonts it draws with, when it draws, and
 * the x range that decides whether the edge days' bars fit.
 */
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';

const made = vi.hoisted(() => ({ options: [] as uPlot.Options[], roots: [] as HTMLElement[] }));

vi.mock('uplot', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof uPlot }).default;
  function Recorder(this: { root: HTMLElement; setSize: () => void; destroy: () => void }, options: uPlot.Options) {
    made.options.push(options);
    this.root = document.createElement('div');
    made.roots.push(this.root);
    this.setSize = () => undefined;
    this.destroy = () => undefined;
  }
  Object.assign(Recorder, { paths: real.paths, tzDate: real.tzDate });
  return { default: Recorder };
});

const { default: RevenueChart } = await import('./revenue-chart');

const byDay = [
  { date: '2030-02-24', bookings: 1, revenue: 800 },
  { date: '2030-02-25', bookings: 0, revenue: 0 },
  { date: '2030-02-26', bookings: 2, revenue: 3300 },
];
const seconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

let loads: { font: string; text: string | undefined }[];
let fontsLoaded: () => void;

beforeEach(() => {
  made.options = [];
  made.roots = [];
  loads = [];
  const ready = new Promise<void>((resolve) => (fontsLoaded = resolve));
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      load: (font: string, text?: string) => {
        loads.push({ font, text });
        return ready.then(() => []);
      },
    },
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  Reflect.deleteProperty(document, 'fonts');
  vi.unstubAllGlobals();
});

describe('RevenueChart', () => {
  it('draws only once the taka font has loaded, and draws with it', async () => {
    render(<RevenueChart byDay={byDay} />);
    await waitFor(() => expect(loads.length).toBeGreaterThan(0));
    // Every face asked for is asked by text holding the taka sign, in a stack that names the site's taka font.
    expect(loads.every((load) => load.font.includes('"Parlour Taka"') && load.text?.includes('৳'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(made.options).toHaveLength(0);

    fontsLoaded();
    await waitFor(() => expect(made.options).toHaveLength(1));
    const options = made.options[0]!;
    expect(options.axes!.map((axis) => axis.font)).toEqual(Array(3).fill(expect.stringContaining('"Parlour Taka"')));
    expect(options.series[1]!.label).toBe('Revenue (৳)');
    // The legend is uPlot's HTML, in uPlot's own font stack unless its root is given the page's.
    expect(made.roots[0]!.style.fontFamily).toContain('"Parlour Taka"');
  });

  it('leaves half a day either side, so the first and the last day’s bars are whole', async () => {
    render(<RevenueChart byDay={byDay} />);
    fontsLoaded();
    await waitFor(() => expect(made.options).toHaveLength(1));
    const range = made.options[0]!.scales!.x!.range as (u: uPlot, min: number, max: number) => [number, number];
    const [from, to] = range({} as uPlot, seconds('2030-02-24'), seconds('2030-02-26'));
    // Bars are 70% of a day wide, centred on their date.
    expect(to - seconds('2030-02-26')).toBeGreaterThanOrEqual(0.35 * 86_400);
    expect(seconds('2030-02-24') - from).toBeGreaterThanOrEqual(0.35 * 86_400);
  });
});
