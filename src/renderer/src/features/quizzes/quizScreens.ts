import { QuizEditPage } from './QuizEditPage';
import { QuizReviewPage } from './QuizReviewPage';
import { QuizTakePage } from './QuizTakePage';
import { QuizzesPage } from './QuizzesPage';
import { StudentQuizzesPage } from './StudentQuizzesPage';

// Teachers write quizzes and review the answers; students take them.
export const quizScreens = {
  teacher: { list: QuizzesPage, editor: QuizEditPage, review: QuizReviewPage },
  student: { list: StudentQuizzesPage, take: QuizTakePage },
};
