#include "llm/FeedbackDetector.h"
#include "memory/FeedbackApplier.h"

#include <QTest>

using namespace engram;

Q_DECLARE_METATYPE(engram::Feedback)

namespace {

QString s(const char16_t* text)
{
    return QString::fromUtf16(text);
}

Fact fact(const QString& id, const QString& object, const QString& messageId = {})
{
    Fact f;
    f.id = id;
    f.predicate = QStringLiteral("p");
    f.object = object;
    f.messageId = messageId;
    return f;
}

QStringList ids(const QList<Fact>& facts)
{
    QStringList out;
    for (const Fact& f : facts)
        out.append(f.id);
    return out;
}

void row(const char* tag, const QString& message, Feedback expected)
{
    QTest::newRow(tag) << message << expected;
}

} // namespace

class TestFeedbackDetector final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classify_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<Feedback>("expected");
        const Feedback no = Feedback::Correction;
        const Feedback yes = Feedback::Confirmation;
        const Feedback none = Feedback::None;

        // Chinese corrections
        row("zh 不对", s(u"不对"), no);
        row("zh 不对 with new value", s(u"不对，我在阿里工作"), no);
        row("zh 不是这样的", s(u"不是这样的。"), no);
        row("zh 错了", s(u"错了"), no);
        row("zh 你记错了 then value", s(u"你记错了，我是做前端的"), no);
        row("zh repeated", s(u"不对不对"), no);
        row("zh filler first", s(u"嗯，不对"), no);
        row("zh full-width punctuation", s(u"不对！"), no);
        // Chinese confirmations
        row("zh 对", s(u"对"), yes);
        row("zh 对，没错", s(u"对，没错"), yes);
        row("zh 没错", s(u"没错！"), yes);
        row("zh 是的，就是这个", s(u"是的，就是这个"), yes);
        row("zh 对对对", s(u"对对对"), yes);
        row("zh 你说得对", s(u"你说得对"), yes);
        row("zh confirmation then request", s(u"对，帮我写个脚本"), yes);
        // English corrections
        row("en no that's wrong", QStringLiteral("No, that's wrong"), no);
        row("en that's not right", QStringLiteral("that's not right."), no);
        row("en curly apostrophe", s(u"That\u2019s wrong, I work at Alibaba"), no);
        row("en that is not true", QStringLiteral("That is not true"), no);
        row("en wrong", QStringLiteral("Wrong!"), no);
        row("en you're mistaken", QStringLiteral("you're mistaken, I use Rust"), no);
        // English confirmations
        row("en yes exactly", QStringLiteral("Yes, exactly"), yes);
        row("en that's right", QStringLiteral("That's right."), yes);
        row("en correct", QStringLiteral("correct"), yes);
        row("en exactly", QStringLiteral("Exactly!"), yes);
        row("en yep that's correct", QStringLiteral("yep that's correct"), yes);
        // Questions
        row("zh 对吗", s(u"对吗？"), none);
        row("zh 对吗 without mark", s(u"对吗"), none);
        row("zh 对不对", s(u"对不对"), none);
        row("zh 对吧", s(u"对吧"), none);
        row("zh 是这样吗", s(u"是这样吗"), none);
        row("zh question after it", s(u"不对，我在哪工作你忘了吗"), none);
        row("en is that right", QStringLiteral("is that right?"), none);
        row("en correct?", QStringLiteral("Correct?"), none);
        row("en that's right?", QStringLiteral("that's right?"), none);
        // Hedged, contrasting, joking
        row("zh 对，但是", s(u"对，但是我已经换工作了"), none);
        row("zh 不对，差不多", s(u"不对，其实差不多"), none);
        row("en yes but", QStringLiteral("Yes, exactly, but not anymore"), none);
        row("en not exactly", QStringLiteral("correct, sort of"), none);
        row("zh joke", s(u"不对哈哈"), none);
        row("zh mixed", s(u"对，不对"), none);
        // Bare yes / no: an answer to something, not a judgement of a fact
        row("zh 是的 alone", s(u"是的"), none);
        row("en yes alone", QStringLiteral("yes"), none);
        row("en no alone", QStringLiteral("No."), none);
        row("en no thanks", QStringLiteral("no, thanks"), none);
        row("zh 不 then value", s(u"不，我在阿里"), none);
        // Other things that start with the same characters or words
        row("zh 对了", s(u"对了，我想问一下部署"), none);
        row("zh 对不起", s(u"对不起，我刚才说错了"), none);
        row("zh 对于", s(u"对于这个问题我有想法"), none);
        row("zh 不对称", s(u"不对称加密怎么用"), none);
        row("zh 正确的做法", s(u"正确的做法是先备份"), none);
        row("zh 不是吧", s(u"不是吧"), none);
        row("zh about code", s(u"这段代码不对"), none);
        row("zh hypothetical", s(u"如果不对的话你再改"), none);
        row("zh quoted", s(u"“不对”用英语怎么说"), none);
        row("en wrong answer", QStringLiteral("wrong answer again"), none);
        row("en correct me", QStringLiteral("Correct me if I'm wrong, Rust has no GC"), none);
        row("en nobody", QStringLiteral("Nobody told me that"), none);
        row("en you're right about", QStringLiteral("You're right about the bug"), none);
        row("en hypothetical", QStringLiteral("If that's wrong, tell me"), none);
        row("empty", QString(), none);
    }

    void classify()
    {
        QFETCH(QString, message);
        QFETCH(Feedback, expected);
        QCOMPARE(FeedbackDetector::classify(message), expected);
    }

    void mentions_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("object");
        QTest::addColumn<bool>("expected");
        QTest::newRow("zh") << s(u"好的，你在字节跳动工作。") << s(u"字节跳动") << true;
        QTest::newRow("case") << QStringLiteral("Nice, GOOGLE has great food") << QStringLiteral("Google") << true;
        QTest::newRow("full width") << s(u"你用ＰｙＴｏｒｃｈ吗") << QStringLiteral("PyTorch") << true;
        QTest::newRow("inside a word") << QStringLiteral("Google it") << QStringLiteral("Go") << false;
        QTest::newRow("a word") << QStringLiteral("Write it in Go.") << QStringLiteral("Go") << true;
        QTest::newRow("one character") << s(u"你在京东") << s(u"京") << false;
        QTest::newRow("absent") << s(u"今天是晴天") << s(u"杭州") << false;
    }

    void mentions()
    {
        QFETCH(QString, reply);
        QFETCH(QString, object);
        QFETCH(bool, expected);
        QCOMPARE(FeedbackApplier::mentions(reply, object), expected);
    }

    void targetsPreferWhatThePreviousMessageTaughtAndTheReplyNamed()
    {
        const QList<Fact> current{fact(QStringLiteral("city"), s(u"北京")),
                                  fact(QStringLiteral("employer"), s(u"字节跳动"), QStringLiteral("m1")),
                                  fact(QStringLiteral("job"), s(u"后端"), QStringLiteral("m1")),
                                  fact(QStringLiteral("new"), s(u"阿里"), QStringLiteral("m2"))};
        const QString reply = s(u"字节跳动在北京，阿里在杭州");
        // Named and taught by the previous message beats merely named.
        QCOMPARE(ids(FeedbackApplier::targets(current, reply, QStringLiteral("m1"), QStringLiteral("m2"))),
                 QStringList{QStringLiteral("employer")});
        // Nothing taught: everything named, except what the feedback message itself taught.
        QCOMPARE(ids(FeedbackApplier::targets(current, reply, QStringLiteral("m0"), QStringLiteral("m2"))),
                 (QStringList{QStringLiteral("city"), QStringLiteral("employer")}));
        // Nothing named: the one fact taught, but not one of several.
        QCOMPARE(ids(FeedbackApplier::targets(current, s(u"好的"), QStringLiteral("m2"), QStringLiteral("m3"))),
                 QStringList{QStringLiteral("new")});
        QVERIFY(FeedbackApplier::targets(current, s(u"好的"), QStringLiteral("m1"), QStringLiteral("m3")).isEmpty());
        QVERIFY(FeedbackApplier::targets(current, s(u"好的"), QString(), QStringLiteral("m3")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFeedbackDetector)
#include "tst_feedbackdetector.moc"
