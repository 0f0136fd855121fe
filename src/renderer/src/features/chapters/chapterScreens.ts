import { ChapterEditPage } from './ChapterEditPage';
import { ChapterReadPage } from './ChapterReadPage';
import { ChaptersPage } from './ChaptersPage';

// Teachers write chapters; students read them (and reading marks them done).
export const chapterScreens = {
  teacher: { list: ChaptersPage, detail: ChapterEditPage },
  student: { list: ChaptersPage, detail: ChapterReadPage },
};
