import { UPDATE_INTERVALS } from '@spreadscope/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../hooks/use-settings.ts';
import { SegmentedControl } from './segmented-control.tsx';

export function IntervalControl({
  size,
  className,
  testId = 'interval',
}: {
  size?: 'sm' | 'md';
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [settings, update] = useSettings();
  return (
    <SegmentedControl
      label={t('settings.interval')}
      value={settings.interval}
      testId={`${testId}-control`}
      size={size ?? 'sm'}
      {...(className ? { className } : {})}
      options={UPDATE_INTERVALS.map((interval) => ({
        value: interval,
        label: t(`settings.intervals.${interval}`),
        testId: `${testId}-${interval}`,
      }))}
      onChange={(interval) => update({ interval })}
    />
  );
}
