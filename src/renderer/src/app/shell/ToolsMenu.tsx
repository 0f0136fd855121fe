import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Tooltip,
} from '@fluentui/react-components';
import {
  Calculator24Regular,
  Dismiss24Regular,
  Toolbox24Regular,
  WeatherSunny24Regular,
} from '@fluentui/react-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// Each tool's code comes when it is opened: the weather's brings the shared API schemas (zod),
// which the top bar must not load for every area's start.
const Calculator = lazy(async () => ({
  default: (await import('../../components/calculator/Calculator')).Calculator,
}));
const WeatherWidget = lazy(async () => ({
  default: (await import('../../components/weather/WeatherWidget')).WeatherWidget,
}));

type Tool = 'calculator' | 'weather';

/** The tools menu (over 400 wide): the calculator and the Athens weather. */
export function ToolsMenu() {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool | null>(null);
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('Tools')} relationship="label">
            <Button appearance="subtle" icon={<Toolbox24Regular />} data-testid="tools-button" />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<Calculator24Regular />} onClick={() => setTool('calculator')}>
              {t('Calculator')}
            </MenuItem>
            <MenuItem icon={<WeatherSunny24Regular />} onClick={() => setTool('weather')}>
              {t('Weather in Athens')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <Dialog open={tool !== null} onOpenChange={(_event, data) => !data.open && setTool(null)}>
        <DialogSurface
          style={{ maxWidth: tool === 'calculator' ? 380 : 520 }}
          aria-describedby={undefined}
        >
          <DialogBody>
            <DialogTitle
              action={
                <Button
                  appearance="subtle"
                  aria-label={t('Close')}
                  icon={<Dismiss24Regular />}
                  onClick={() => setTool(null)}
                />
              }
            >
              {tool === 'calculator' ? t('Calculator') : t('Weather in Athens')}
            </DialogTitle>
            <DialogContent>
              <Suspense fallback={<Spinner size="small" label={t('Loading...')} />}>
                {tool === 'calculator' ? (
                  <Calculator />
                ) : tool === 'weather' ? (
                  <WeatherWidget />
                ) : null}
              </Suspense>
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
