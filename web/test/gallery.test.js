// The gallery's search and grouping (web/gallery/gallery.js), without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { searchWords, matches, groupItems } from '../gallery/gallery.js';
import { CATEGORIES } from '../gallery/categories.js';

const items = [
  { id: 'walkthrough', title: 'Walkthrough: new image', description: 'The documentation example.', shows: ['changed field is set'], category: 'walkthrough' },
  { id: 'env-merge', title: 'env merged by name', description: 'One variable changed.', shows: ['list merged by merge key (name)'], category: 'lists' },
  { id: 'hpa-replicas-reset', title: 'HorizontalPodAutoscaler: apply resets replicas', description: 'The file still sets replicas.', shows: ['replicas owned by a HorizontalPodAutoscaler'], category: 'workloads' },
  { id: 'job-ttl', title: 'Job: adding a TTL', description: 'ttlSecondsAfterFinished.', shows: [], category: 'workloads' },
  { id: 'timeline-one', title: 'A timeline', description: 'Three applies in a row.', category: 'timelines' },
  { id: 'odd-one', title: 'Uncategorized', description: 'A category the page does not list.', category: 'no-such-category' },
];

test('searchWords splits at spaces, hyphens and underscores', () => {
  assert.deepEqual(searchWords('  HPA-reset  job_ttl '), ['hpa', 'reset', 'job', 'ttl']);
  assert.deepEqual(searchWords(''), []);
});

test('matches looks in id, title, description, shows and category', () => {
  const cases = [
    ['title', 'autoscaler', 'hpa-replicas-reset', true],
    ['id words', 'hpa reset', 'hpa-replicas-reset', true],
    ['description', 'ttlsecondsafterfinished', 'job-ttl', true],
    ['shows', 'merge key', 'env-merge', true],
    ['category title', 'workloads', 'job-ttl', true],
    ['every word must match', 'job autoscaler', 'job-ttl', false],
    ['no match', 'daemonset', 'walkthrough', false],
  ];
  for (const [name, query, id, want] of cases) {
    const item = items.find((i) => i.id === id);
    const cat = CATEGORIES.find((c) => c.id === item.category);
    assert.equal(matches(item, searchWords(query), cat && cat.title), want, name);
  }
});

test('groupItems keeps the categories order and puts unknown ones under More', () => {
  const groups = groupItems(items, CATEGORIES);
  assert.deepEqual(groups.map((g) => g.category.id), ['walkthrough', 'lists', 'workloads', 'timelines', 'more']);
  assert.deepEqual(groups[2].items.map((i) => i.id), ['hpa-replicas-reset', 'job-ttl']);
  assert.deepEqual(groups[4].items.map((i) => i.id), ['odd-one']);
  // A new category is one line in the list: its items get their group.
  const withOdd = [...CATEGORIES, { id: 'no-such-category', title: 'Odd', blurb: '' }];
  assert.deepEqual(groupItems(items, withOdd).map((g) => g.category.id), ['walkthrough', 'lists', 'workloads', 'timelines', 'no-such-category']);
});

test('groupItems filters by search and category, counting matches of every category', () => {
  const groups = groupItems(items, CATEGORIES, { query: 'replicas', category: 'lists' });
  assert.deepEqual(groups.map((g) => [g.category.id, g.items.length, g.total]), [['workloads', 0, 1]]);
  const only = groupItems(items, CATEGORIES, { category: 'workloads' });
  assert.deepEqual(only.flatMap((g) => g.items.map((i) => i.id)), ['hpa-replicas-reset', 'job-ttl']);
  assert.deepEqual(groupItems(items, CATEGORIES, { query: 'nothing-like-this' }), []);
});
