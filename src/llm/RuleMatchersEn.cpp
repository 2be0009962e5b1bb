#include "llm/RuleMatchers.h"

// English statement forms. Every pattern is anchored at the clause start on I / my / we, so
// "my friend is a doctor" and "he said I'm a doctor" never match.
namespace engram::rules {
namespace {

QStringList words(const QString& text)
{
    return text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QStringList wordList(const char* spaceSeparated)
{
    return QString::fromLatin1(spaceSeparated).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

bool isCapitalised(const QString& word)
{
    return !word.isEmpty() && word.at(0).isUpper();
}

// Words that end a name, a job or a company: "John and …", "engineer at …".
const QStringList& stopWords()
{
    static const QStringList list =
        wordList("and but or i i'm im from in at for with by as who which that since because so btw not also too "
                 "here there now please thanks thank you your to if when of on is was lol working based and");
    return list;
}

QString englishName(const QString& text, bool capitalRequired)
{
    static const QStringList refused = wordList(
        "not a an the secret unknown none nothing private irrelevant hidden back later tomorrow anytime maybe "
        "at on any "
        "tonight now soon when if sometime whenever please it that this whatever anything what in for from with of to "
        "by written listed mentioned spelled above below");
    static const QRegularExpression nameWord = pattern(QStringLiteral("^[A-Za-z][A-Za-z'\\-]*$"));
    static const QRegularExpression hanName = pattern(QStringLiteral("^[\\p{Han}·]{2,4}$"));
    const QStringList all = words(trimObject(text));
    if (all.isEmpty())
        return {};
    if (all.size() == 1 && hanName.match(all.first()).hasMatch())
        return all.first();
    const QString& first = all.first();
    if (!nameWord.match(first).hasMatch() || refused.contains(first.toLower()) ||
        (capitalRequired && !isCapitalised(first)))
        return {};
    QStringList name{first};
    for (qsizetype i = 1; i < all.size() && name.size() < 3; ++i) {
        const QString& w = all.at(i);
        if (!nameWord.match(w).hasMatch() || stopWords().contains(w.toLower()) ||
            (isCapitalised(first) && !isCapitalised(w)))
            break;
        name.append(w);
    }
    return name.join(QLatin1Char(' '));
}

bool matchName(const QString& clause, FactOperations& out)
{
    static const QRegularExpression stated = pattern(QStringLiteral("^my (?:full |first )?name(?: is|'s)\\s+(.+)$"));
    static const QRegularExpression called =
        pattern(QStringLiteral("^(?:(?:you can|please|just|everyone|people|friends)\\s+)*call me\\s+(.+)$"));
    static const QRegularExpression known = pattern(QStringLiteral("^I(?:'m| am) (?:called|named)\\s+(.+)$"));
    QString name = englishName(capture(stated, clause), false);
    if (name.isEmpty())
        name = englishName(capture(called, clause), true); // "call me later" is no name
    if (name.isEmpty())
        name = englishName(capture(known, clause), true);
    if (name.isEmpty())
        return false;
    addFact(out, predicate::kName, name);
    return true;
}

// The job in "software engineer at Acme": words up to a stop word, ending in an occupation.
// Returns the job and leaves the rest ("at Acme") in `rest`.
QString englishJob(const QString& text, QString* rest)
{
    static const QStringList occupations = wordList(
        "engineer developer programmer dev coder designer manager teacher doctor nurse student lawyer accountant "
        "analyst "
        "architect scientist researcher professor writer journalist editor chef cook driver consultant founder "
        "co-founder freelancer intern tester administrator admin physician surgeon pharmacist dentist artist "
        "photographer translator lecturer tutor marketer salesperson entrepreneur officer director lead specialist "
        "technician mechanic electrician pilot economist statistician mathematician physicist chemist biologist "
        "librarian musician actor coach recruiter ceo cto cfo pm sre devops vet veterinarian therapist psychologist "
        "professional trainer instructor clerk cashier farmer plumber carpenter illustrator animator producer "
        "student postdoc phd candidate owner");
    static const QStringList refused = wordList("former ex ex- retired future aspiring wannabe would-be bit little lot "
                                                "huge big fan kind sort");
    const QStringList all = words(text);
    QStringList job;
    qsizetype i = 0;
    for (; i < all.size(); ++i) {
        QString w = all.at(i);
        if (stopWords().contains(w.toLower()))
            break;
        job.append(w);
    }
    if (job.isEmpty() || job.size() > 5 || refused.contains(job.first().toLower()))
        return {};
    QString last = job.last().toLower();
    while (last.endsWith(QLatin1Char('.')) || last.endsWith(QLatin1Char('!')))
        last.chop(1);
    if (!occupations.contains(last))
        return {};
    if (rest)
        *rest = all.mid(i).join(QLatin1Char(' '));
    return trimObject(job.join(QLatin1Char(' ')));
}

// "Acme", "Acme Corp", "the BBC", "a startup": capitalised words, or one generic kind of workplace.
QString englishEmployer(const QString& text)
{
    static const QStringList generic = wordList("startup bank hospital university school agency firm lab consultancy");
    static const QRegularExpression digit = pattern(QStringLiteral("\\d"));
    const QStringList all = words(trimObject(text));
    QStringList name;
    for (const QString& w : all) {
        const bool joins = (w == QLatin1String("&") || w == QLatin1String("of")) && !name.isEmpty();
        if (!isCapitalised(w) && !joins && !w.contains(digit))
            break;
        name.append(w);
    }
    while (!name.isEmpty() && !isCapitalised(name.last()))
        name.removeLast();
    if (name.isEmpty() && !all.isEmpty() && generic.contains(all.first().toLower()))
        name.append(all.first());
    return name.join(QLatin1Char(' '));
}

bool matchJobAndEmployer(const QString& clause, FactOperations& out)
{
    static const QRegularExpression isA =
        pattern(QStringLiteral("^I(?:'m| am)\\s+(?:now\\s+|currently\\s+|also\\s+)?(?:a|an)\\s+(.+)$"));
    static const QRegularExpression worksAs =
        pattern(QStringLiteral("^I (?:currently |now )?work as (?:a |an )?(.+)$"));
    static const QRegularExpression myJob =
        pattern(QStringLiteral("^my (?:job|occupation|profession) is (?:a |an )?(.+)$"));
    static const QRegularExpression worksAt = pattern(
        QStringLiteral("^I(?:'m| am)?\\s*(?:currently\\s+|now\\s+)?(?:work|working)\\s+(?:at|for)\\s+(.+?)(?:\\s+as "
                       "(?:a |an )?(.+))?$"));
    static const QRegularExpression employerAfter = pattern(QStringLiteral("^(?:at|for|with)\\s+(.+)$"));

    QString employer;
    QString job;
    if (const auto m = worksAt.match(clause); m.hasMatch()) {
        employer = englishEmployer(m.captured(1));
        job = englishJob(m.captured(2), nullptr);
    } else {
        for (const auto* form : {&isA, &worksAs, &myJob}) {
            QString rest;
            job = englishJob(capture(*form, clause), &rest);
            if (!job.isEmpty()) {
                employer = englishEmployer(capture(employerAfter, rest));
                break;
            }
        }
    }
    if (job.isEmpty() && employer.isEmpty())
        return false;
    if (!job.isEmpty())
        addFact(out, predicate::kJob, job);
    if (!employer.isEmpty())
        addFact(out, looksLikePlace(employer) ? predicate::kLocation : predicate::kEmployer, employer);
    return true;
}

bool matchLocation(const QString& clause, FactOperations& out)
{
    static const QRegularExpression livesIn = pattern(
        QStringLiteral("^I(?:'m| am)?\\s*(?:currently\\s+|now\\s+)?(?:live|living|based|located)\\s+in\\s+(.+)$"));
    const QString place = englishEmployer(capture(livesIn, clause)); // capitalised words, as for a company
    if (place.isEmpty() || place.compare(QLatin1String("startup"), Qt::CaseInsensitive) == 0)
        return false;
    addFact(out, predicate::kLocation, place);
    return true;
}

// "Rust", "Spring Boot 3 and PostgreSQL", "python": names of tools, not "my phone" or "it".
QString techNames(const QString& text)
{
    static const QStringList lowerCaseTech = wordList(
        "python java rust go golang javascript typescript react vue angular svelte linux docker kubernetes vim neovim "
        "emacs postgres postgresql mysql sqlite redis mongodb kotlin swift ruby php node django flask fastapi spring "
        "qt git c c++ c# rails laravel pytorch tensorflow pandas numpy kafka nginx terraform ansible aws gcp azure");
    static const QStringList joins = wordList("and & + /");
    static const QRegularExpression technical = pattern(QStringLiteral("[A-Z0-9+#.]"), false);
    QStringList names;
    for (const QString& raw : words(trimObject(text))) {
        const QString& w = raw;
        if (joins.contains(w.toLower()) && !names.isEmpty()) {
            names.append(w);
            continue;
        }
        if (!w.contains(technical) && !lowerCaseTech.contains(w.toLower()))
            break;
        if (!w.at(0).isLetterOrNumber() ||
            (!names.isEmpty() && !joins.contains(names.last().toLower()) && !isCapitalised(w) && !w.at(0).isDigit()))
            break;
        names.append(w);
    }
    while (!names.isEmpty() && joins.contains(names.last().toLower()))
        names.removeLast();
    return names.join(QLatin1Char(' '));
}

bool matchTechStack(const QString& clause, FactOperations& out)
{
    static const QRegularExpression uses = pattern(QStringLiteral(
        "^(?:I|we)(?:'m|'re| am| are)?\\s+(?:(?:mainly|mostly|usually|also|currently|now|still|always|primarily|"
        "really|just|daily)\\s+)*(?:use|using|code in|program in|develop in|build with|building with)\\s+(.+)$"));
    static const QRegularExpression stack =
        pattern(QStringLiteral("^(?:my|our) (?:tech |technology )?stack (?:is|includes)\\s+(.+)$"));
    QString names = techNames(capture(uses, clause));
    if (names.isEmpty())
        names = techNames(capture(stack, clause));
    if (names.isEmpty() || !isShortEnough(names))
        return false;
    addFact(out, predicate::kTechStack, names);
    return true;
}

bool matchPreference(const QString& clause, FactOperations& out)
{
    static const QString degree = QStringLiteral("(?:(?:really|also|just|absolutely|truly|totally|genuinely|do)\\s+)*");
    static const QRegularExpression dislikes = pattern(
        QStringLiteral("^I\\s+%1(?:hate|dislike|detest|can't stand|cannot stand|don't like|do not like|don't enjoy|"
                       "do not enjoy)\\s+(.+)$")
            .arg(degree));
    static const QRegularExpression likes =
        pattern(QStringLiteral("^I\\s+%1(?:like|love|enjoy|prefer|adore)\\s+(.+)$").arg(degree));
    static const QRegularExpression infinitive = pattern(QStringLiteral("^to\\s+"));
    // "the second option", "the new version": things in the chat, not lasting tastes.
    static const QRegularExpression definite = pattern(QStringLiteral("^the\\s"));
    const struct
    {
        const QRegularExpression* form;
        QLatin1String predicate;
    } forms[] = {{&dislikes, predicate::kDislikes}, {&likes, predicate::kLikes}};
    for (const auto& f : forms) {
        const QString raw = capture(*f.form, clause);
        if (raw.contains(definite))
            continue;
        QString object = trimObject(raw);
        object.remove(infinitive);
        if (object.isEmpty() || startsWithPronoun(object) || !isShortEnough(object) || isAboutTheConversation(object))
            continue;
        addFact(out, f.predicate, object);
        return true;
    }
    return false;
}

// "Engram", "an e-commerce project", "a recommendation app called Foo".
QString englishProject(const QString& text, bool explicitlyNamed)
{
    static const QStringList products = wordList(
        "app system platform website site tool game library service engine bot plugin framework startup api saas "
        "extension compiler database");
    static const QRegularExpression called = pattern(QStringLiteral("\\b(?:called|named)\\s+(.+)$"));
    static const QRegularExpression projectWord = pattern(QStringLiteral("\\s*\\bproject$"));
    QString name = trimObject(text);
    if (const auto m = called.match(name); m.hasMatch())
        return englishEmployer(m.captured(1)); // capitalised words
    if (name.isEmpty() || startsWithPronoun(name) || !isShortEnough(name))
        return {};
    if (name.contains(projectWord)) {
        name.remove(projectWord);
        return name.trimmed();
    }
    const QStringList all = words(name);
    if (explicitlyNamed || products.contains(all.last().toLower()))
        return name;
    return englishEmployer(name);
}

bool matchProject(const QString& clause, FactOperations& out)
{
    static const QRegularExpression nowOn = pattern(QStringLiteral(
        "^(?:now\\s+)?I(?:'m| am|'ve| have)?\\s*(?:now\\s+)?(?:switched\\s+to\\s+|moved\\s+on\\s+to\\s+)?"
        "(?:now\\s+)?working on\\s+(.+)$"));
    static const QRegularExpression doing = pattern(QStringLiteral(
        "^(?:I|we)(?:'m|'re| am| are)\\s+(?:currently\\s+|also\\s+)?(?:working on|building|developing)\\s+(.+)$"));
    static const QRegularExpression mine =
        pattern(QStringLiteral("^(?:my|our) (?:current |main |new )?project is\\s+(?:called\\s+)?(.+)$"));
    static const QRegularExpression changeWords = pattern(QStringLiteral("\\b(?:now|switched|moved on)\\b"));

    if (const QString name = englishProject(capture(mine, clause), true); !name.isEmpty()) {
        addFact(out, predicate::kProject, name);
        return true;
    }
    // "I'm now working on X", "I've switched to working on X": a new project replaces the old.
    if (clause.contains(changeWords)) {
        if (const QString name = englishProject(capture(nowOn, clause), false); !name.isEmpty()) {
            addFact(out, predicate::kProject, name, kExplicitConfidence, Kind::Update);
            return true;
        }
    }
    if (const QString name = englishProject(capture(doing, clause), false); !name.isEmpty()) {
        addFact(out, predicate::kProject, name);
        return true;
    }
    return false;
}

bool matchGoal(const QString& clause, FactOperations& out)
{
    static const QRegularExpression goal =
        pattern(QStringLiteral("^(?:my|our) (?:long-term |long term |main |career )?goal is (?:to )?(.+)$"));
    return matchPlainObject(goal, clause, predicate::kGoal, out);
}

} // namespace

bool matchEnglish(const QString& clause, FactOperations& out)
{
    static const QRegularExpression start = pattern(QStringLiteral("^(?:I|I'm|I've|my|we|we're|our|now|you can|please|"
                                                                   "just|call me|everyone|people|friends)\\b"));
    if (!clause.contains(start))
        return false;
    return matchName(clause, out) || matchProject(clause, out) || matchJobAndEmployer(clause, out) ||
           matchLocation(clause, out) || matchTechStack(clause, out) || matchPreference(clause, out) ||
           matchGoal(clause, out);
}

} // namespace engram::rules
