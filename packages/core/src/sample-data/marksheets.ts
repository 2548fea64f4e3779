/** SPEC 9 sample marksheet figures: board CBSE; 10th 2018, 85.5%; 12th 2020, 78.2%, Science. */
export const MARKSHEET_SAMPLES = {
  marksheet_10th: {
    board: 'CBSE',
    year: 2018,
    percentage: 85.5,
    subjects: ['English', 'Hindi', 'Mathematics', 'Science', 'Social Science'],
  },
  marksheet_12th: {
    board: 'CBSE',
    year: 2020,
    percentage: 78.2,
    stream: 'Science',
    subjects: ['English', 'Physics', 'Chemistry', 'Mathematics', 'Computer Science'],
  },
} as const;

/** SPEC 9: the driving licence type of the sample data. */
export const SAMPLE_LICENSE_TYPE = 'LMV-NT';
