import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { weatherEndpoints } from '../../../../shared/api';
import { WEATHER_MAX_DAYS } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { weatherSymbol } from './weatherSymbol';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  days: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  day: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 32px auto auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  symbol: { fontSize: '24px', textAlign: 'center' },
  muted: { color: tokens.colorNeutralForeground2 },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center' },
});

/** The Athens forecast of the tools menu: up to 8 days, 'No Data' when there is none. */
export function WeatherWidget() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const weather = useQuery({
    queryKey: queryKeys.weather,
    queryFn: async ({ signal }) => (await callEndpoint(weatherEndpoints.weather, { signal })).data,
    staleTime: 30 * 60 * 1000,
  });
  if (weather.isPending) return <Spinner size="small" label={t('Loading...')} />;
  const days = weather.data?.days.slice(0, WEATHER_MAX_DAYS) ?? [];
  if (days.length === 0) return <Text className={styles.empty}>{t('No Data')}</Text>;
  const dayName = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    day: 'numeric',
    month: 'short',
  });
  return (
    <div className={styles.root}>
      <ul className={styles.days} data-testid="weather-days">
        {days.map((day) => {
          const symbol = weatherSymbol(day.symbol_code);
          return (
            <li key={day.date} className={styles.day}>
              <Text>{dayName.format(new Date(`${day.date}T12:00:00`))}</Text>
              <span className={styles.symbol} role="img" aria-label={t(symbol.label)}>
                {symbol.emoji}
              </span>
              <Text weight="semibold">{`${Math.round(day.max_temperature)}° / ${Math.round(day.min_temperature)}°`}</Text>
              <Text className={styles.muted}>{`${Math.round(day.max_wind_speed)} m/s`}</Text>
            </li>
          );
        })}
      </ul>
      {weather.data?.attribution && (
        <Text size={200} className={styles.muted}>
          {weather.data.attribution}
        </Text>
      )}
    </div>
  );
}
