import { ChildScormSection } from './ChildScormSection';
import { ScormPackagePage } from './ScormPackagePage';
import { ScormPackagesPage } from './ScormPackagesPage';
import { ScormPlayPage } from './ScormPlayPage';

// Teachers upload, preview and follow packages; students play them; parents follow their child.
export const scormScreens = {
  teacher: { list: ScormPackagesPage, detail: ScormPackagePage },
  student: { play: ScormPlayPage },
  client: { childSection: ChildScormSection },
};
