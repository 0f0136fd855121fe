import { formatReportDate } from '../../../../shared/reports/format';
import { openPdf, wrapLines, write, type PdfDoc } from '../../../pdf/pdf-document';
import { wordOf, type ReportWord } from '../words';
import type { ReportCardFrame, ReportCardStudent } from './data';

// Report cards as a family receives them: the school's band in its brand colour with its
// logo, the student and the sub-period, one row per lesson (teachers, grade, absences, the
// teacher's remark), the average and the absences in all, and a place to sign. In the
// school's language. Many students make one PDF, each starting on a page of their own, with
// "page n of m" counted per student.

const MARGIN = 40;
const BAND = 96;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';
const SIZE = 9;
const LINE = 12;

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string) {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
/** White or ink, whichever contrasts more with `background`. */
function textOn(background: string) {
  const light = luminance(background) + 0.05;
  return 1.05 / light >= light / (luminance(INK) + 0.05) ? '#ffffff' : INK;
}

/** `hex` mixed with white: a light tint for the table's heading. */
function tint(hex: string, share: number) {
  const mix = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * share + 255 * (1 - share))
      .toString(16)
      .padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

export interface ReportCardsPdfInput {
  frame: ReportCardFrame;
  students: ReportCardStudent[];
  today: string;
  /** Called after each student's card with how many are drawn. */
  onStudent?: (done: number, total: number) => Promise<void>;
}

/** One PDF holding the cards of every student given, in order. */
export async function reportCardsPdf(input: ReportCardsPdfInput): Promise<Buffer> {
  const { frame } = input;
  const locale = frame.school.locale;
  const word = (key: ReportWord, values?: Record<string, string | number>) =>
    wordOf(locale, key, values);
  const number = (value: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  const { doc, bytes } = openPdf({
    margin: MARGIN,
    info: {
      Title: `${word('reportCard')} · ${frame.subPeriod.name} · ${frame.school.name}`,
      Author: frame.school.name,
    },
  });
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 30;
  const onBrand = textOn(frame.school.brand);
  const headFill = tint(frame.school.brand, 0.14);
  const columns = [
    { key: 'lesson', title: word('lesson'), width: 0.22 },
    { key: 'teachers', title: word('teacher'), width: 0.2 },
    { key: 'grade', title: word('grade'), width: 0.1, right: true },
    {
      key: 'absences',
      title: word('absencesHeading'),
      width: 0.13,
      right: true,
    },
    { key: 'comment', title: word('comment'), width: 0.35 },
  ].map((c) => ({ ...c, width: c.width * width }));
  const lefts = columns.map(
    (_, i) => MARGIN + columns.slice(0, i).reduce((s, c) => s + c.width, 0),
  );
  const pagesOf: { name: string; first: number; last: number }[] = [];

  const band = (doc: PdfDoc) => {
    doc.rect(0, 0, doc.page.width, BAND).fill(frame.school.brand);
    doc.rect(0, BAND, doc.page.width, 4).fill(frame.school.accent);
    let textLeft = MARGIN;
    if (frame.school.logo) {
      doc.roundedRect(MARGIN - 4, 14, 68, 68, 8).fill('#ffffff');
      try {
        doc.image(frame.school.logo, MARGIN, 18, {
          fit: [60, 60],
          align: 'center',
          valign: 'center',
        });
      } catch {
        // An image pdfkit cannot read leaves the white square: the name still says whose card.
      }
      textLeft = MARGIN + 80;
    }
    write(doc, frame.school.name, { x: textLeft, y: 24, size: 18, weight: 'bold', color: onBrand });
    write(doc, `${word('reportCard')} · ${frame.subPeriod.name} · ${frame.period}`, {
      x: textLeft,
      y: 52,
      size: 11,
      color: onBrand,
    });
  };

  const heading = (y: number) => {
    const lines = columns.map((c) => wrapLines(doc, c.title, c.width - 8, 8, 'bold'));
    const height = Math.max(...lines.map((l) => l.length)) * 10 + 8;
    doc.rect(MARGIN, y, width, height).fill(headFill);
    lines.forEach((texts, i) =>
      texts.forEach((text, n) =>
        write(doc, text, {
          x: lefts[i]! + 4,
          y: y + 4 + n * 10,
          width: columns[i]!.width - 8,
          size: 8,
          weight: 'bold',
          color: INK,
          align: columns[i]!.right ? 'right' : undefined,
        }),
      ),
    );
    return y + height;
  };

  for (const [index, student] of input.students.entries()) {
    if (index > 0) doc.addPage();
    const first = doc.bufferedPageRange().count - 1;
    band(doc);
    // The student and the sub-period.
    let y = BAND + 22;
    const facts: [string, string][] = [
      [word('student'), student.name],
      [word('level'), student.level ?? '—'],
      [word('period'), frame.period],
      [
        word('subPeriod'),
        `${frame.subPeriod.name} (${formatReportDate(frame.subPeriod.start_date, locale)} – ${formatReportDate(frame.subPeriod.end_date, locale)})`,
      ],
    ];
    facts.forEach(([label, value], i) => {
      const x = MARGIN + (i % 2) * (width / 2);
      const top = y + Math.floor(i / 2) * 30;
      write(doc, label, { x, y: top, size: 8, color: MUTED });
      write(doc, value, {
        x,
        y: top + 10,
        size: i === 0 ? 12 : 10,
        weight: i === 0 ? 'bold' : 'regular',
        width: width / 2 - 10,
      });
    });
    y += 70;

    if (student.lessons.length === 0) {
      write(doc, word('noLessons'), { x: MARGIN, y, size: 10, color: MUTED, width });
      y += 24;
    } else {
      y = heading(y);
      student.lessons.forEach((lesson, row) => {
        const cells = [
          lesson.lesson,
          lesson.teachers,
          lesson.grade === null ? '—' : number(lesson.grade),
          `${lesson.absences} (${lesson.unjustified})`,
          lesson.comment ?? '',
        ];
        const lines = cells.map((text, i) =>
          wrapLines(doc, text, columns[i]!.width - 8, SIZE, i === 2 ? 'bold' : 'regular'),
        );
        const height = Math.max(...lines.map((l) => l.length)) * LINE + 8;
        if (y + height > bottom) {
          doc.addPage();
          y = heading(MARGIN);
        }
        if (row % 2 === 1) doc.rect(MARGIN, y, width, height).fill('#f5f7fa');
        lines.forEach((texts, i) =>
          texts.forEach((text, n) =>
            write(doc, text, {
              x: lefts[i]! + 4,
              y: y + 4 + n * LINE,
              width: columns[i]!.width - 8,
              size: SIZE,
              weight: i === 2 ? 'bold' : 'regular',
              color: i === 4 ? MUTED : INK,
              align: columns[i]!.right ? 'right' : undefined,
            }),
          ),
        );
        y += height;
        doc
          .moveTo(MARGIN, y)
          .lineTo(MARGIN + width, y)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke();
      });

      // The average of the graded lessons and the absences in all.
      const graded = student.lessons.flatMap((l) => (l.grade === null ? [] : [l.grade]));
      const absences = student.lessons.reduce((s, l) => s + l.absences, 0);
      const unjustified = student.lessons.reduce((s, l) => s + l.unjustified, 0);
      if (y + 60 > bottom) {
        doc.addPage();
        y = MARGIN;
      }
      y += 12;
      doc.rect(MARGIN, y, 3, 34).fill(frame.school.accent);
      write(
        doc,
        `${word('average')}: ${graded.length === 0 ? '—' : number(Math.round((graded.reduce((s, v) => s + v, 0) / graded.length) * 100) / 100)}`,
        {
          x: MARGIN + 10,
          y,
          size: 11,
          weight: 'bold',
        },
      );
      write(doc, word('totalAbsences', { all: absences, unjustified }), {
        x: MARGIN + 10,
        y: y + 16,
        size: 10,
      });
      write(doc, word('scale', { max: frame.scale.max }), {
        x: MARGIN,
        y: y + 40,
        size: 8,
        color: MUTED,
      });
      y += 56;
    }

    // Where the head of school signs.
    if (y + 60 > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    const top = Math.max(y + 20, bottom - 40);
    doc
      .moveTo(MARGIN + width - 200, top + 24)
      .lineTo(MARGIN + width, top + 24)
      .lineWidth(0.8)
      .strokeColor(MUTED)
      .stroke();
    write(doc, word('signature'), {
      x: MARGIN + width - 200,
      y: top + 28,
      width: 200,
      size: 9,
      color: MUTED,
      align: 'center',
    });
    write(doc, word('printed', { date: formatReportDate(input.today, locale) }), {
      x: MARGIN,
      y: top + 28,
      size: 9,
      color: MUTED,
    });
    pagesOf.push({ name: student.name, first, last: doc.bufferedPageRange().count - 1 });
    await input.onStudent?.(index + 1, input.students.length);
  }
  if (input.students.length === 0) band(doc);

  // Each student's pages are numbered on their own: a family gets only theirs.
  for (const pages of pagesOf) {
    const count = pages.last - pages.first + 1;
    for (let page = pages.first; page <= pages.last; page += 1) {
      doc.switchToPage(page);
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const footer = doc.page.height - MARGIN + 6;
      write(doc, `${frame.school.name} · ${pages.name}`, {
        x: MARGIN,
        y: footer,
        size: 7,
        color: MUTED,
      });
      write(doc, word('page', { page: page - pages.first + 1, pages: count }), {
        x: MARGIN,
        y: footer,
        width,
        size: 7,
        color: MUTED,
        align: 'right',
      });
      doc.page.margins.bottom = margin;
    }
  }
  doc.end();
  return bytes;
}
