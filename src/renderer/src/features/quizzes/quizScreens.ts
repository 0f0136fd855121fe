import { QuizEditPage } from './QuizEditPage';
import { QuizzesPage } from './QuizzesPage';

// Teachers write quizzes; taking them (students) and the review are still to come.
export const quizScreens = {
  teacher: { list: QuizzesPage, editor: QuizEditPage },
};
