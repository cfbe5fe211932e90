package textparse

// SubjectLabels label a letter's subject line in the six languages
// (folded, no punctuation): "Betreff: Zahlungserinnerung", "Betr.:",
// "Objet : Facture n° ...", "Concerne :", "Subject:", "Re:", "Betreft:",
// "Onderwerp:", "Asunto:", "Oggetto:". The classifier reads the title
// after one (extract/classify); the invoice reader lets a label follow
// one in its cell (extract/invoice).
var SubjectLabels = []string{"betreff", "betr", "subject", "re", "objet", "concerne", "betreft", "onderwerp", "asunto", "oggetto"}
