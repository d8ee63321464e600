// The API's wordings as the console says them (issue 35, point 9): no browser needed.
import { describe, expect, it } from 'vitest';
import { fieldLabel, issueSentence, plainMessage, underField } from '../src/lib/plain-errors';

describe('plain errors', () => {
  it('names a field as its form labels it', () => {
    expect(fieldLabel('media.0.title')).toBe('Title of item 1');
    expect(fieldLabel('filters.1.val')).toBe('Value of filter 2');
    expect(fieldLabel('password_again')).toBe('New password again');
    expect(fieldLabel('station_id_image_duration')).toBe('Station id image duration');
  });

  it.each([
    ['year', 'Invalid input: expected number, received NaN', 'Year must be a number.', 'Must be a number.'],
    ['media.0.title', 'Too big: expected string to have <=500 characters', 'Title of item 1 is too long: at most 500 characters.', 'Too long: at most 500 characters.'],
    ['event_types', 'Too small: expected array to have >=1 items', 'Event types must have at least one.', 'Must have at least one.'],
    ['password_again', 'must match password', 'New password again does not match the password.', 'Does not match the password.'],
    ['current_password', 'is required to set a new password', 'Current password is needed to set a new password.', 'Needed to set a new password.'],
    ['name', 'Too small: expected string to have >=1 characters', 'Name is required.', 'Required.'],
    ['frequency', 'Too small: expected number to be >=60', 'How often must be at least 60.', 'Must be at least 60.'],
  ])('says %s: %s in plain words', (path, message, sentence, under) => {
    expect(issueSentence(path, message)).toBe(sentence);
    expect(underField(message)).toBe(under);
  });

  it('writes instants as a date and time, and permissions by what they allow', () => {
    expect(plainMessage('The show at 2026-10-25T01:30:00+01:00 is outside your timeslots; scheduling there needs manage_timeslots.', 'en-GB')).toBe(
      'The show at 25 Oct 2026, 01:30 is outside your timeslots; scheduling there needs the permission to manage timeslots.',
    );
    expect(plainMessage('Saving media needs create_own_media or manage_media.', 'en-GB')).toBe('Saving media needs the permission to create own media or to manage media.');
  });
});
