import type { LabComponent, LabPanel } from '../../../contracts/health-records';

/** When a panel's figures apply: the collection time, else the release, else the order. */
export function panelTime(panel: LabPanel): string {
  return panel.collectedAt ?? panel.releasedAt ?? panel.orderedAt;
}

/** Newest panel first. */
export function sortPanels(panels: readonly LabPanel[]): LabPanel[] {
  return [...panels].sort((a, b) => Date.parse(panelTime(b)) - Date.parse(panelTime(a)));
}

export function flaggedComponents(panel: LabPanel): LabComponent[] {
  return panel.components.filter((component) => component.flag !== 'normal');
}

export interface ComponentTrend {
  loincCode: string;
  name: string;
  unit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  /** Oldest first. */
  points: { at: number; value: number }[];
}

/** Every component (by LOINC code) across panels, with its results over time. */
export function componentTrends(panels: readonly LabPanel[]): ComponentTrend[] {
  const trends = new Map<string, ComponentTrend>();
  for (const panel of sortPanels(panels).reverse()) {
    const at = Date.parse(panelTime(panel));
    for (const component of panel.components) {
      const trend = trends.get(component.loincCode) ?? {
        loincCode: component.loincCode,
        name: component.name,
        unit: component.unit,
        referenceLow: component.referenceLow,
        referenceHigh: component.referenceHigh,
        points: [],
      };
      trend.points.push({ at, value: component.value });
      // The latest panel's range is the one the person compares against.
      trend.referenceLow = component.referenceLow;
      trend.referenceHigh = component.referenceHigh;
      trends.set(component.loincCode, trend);
    }
  }
  return [...trends.values()];
}
