import { render } from 'preact';
import { t } from '@/lib/shared/i18n';
import { App } from './App';

// index.html's title is the English one; the page's language is the messages'.
document.title = t('welcome');
render(<App />, document.getElementById('app')!);
